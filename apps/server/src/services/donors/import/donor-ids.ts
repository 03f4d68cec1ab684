import { randomFillSync } from "node:crypto";

/**
 * Ids for the donors an import inserts: UUIDs in the version 7 layout of RFC 9562 (48 bits of Unix time
 * in milliseconds, then a 12-bit counter and 62 random bits), increasing within a thread. New donors'
 * ids then land at the end of donors_pkey and donor_search_pkey instead of at random places in them:
 * at a million donors that kept the database from rewriting pages all over both indexes (ADR 058).
 * Other inserts keep the column's default (gen_random_uuid()); both kinds are ordinary uuids.
 */
let lastMs = 0;
let counter = 0;
const pool = Buffer.alloc(8 * 1024);
let poolAt = pool.length;
const hex = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));

export function newDonorId(now = Date.now()): string {
  // The counter orders ids made in the same millisecond; past 4,095 of them the clock is moved on by one.
  if (now > lastMs) {
    lastMs = now;
    counter = 0;
  } else if (++counter > 0xfff) {
    lastMs++;
    counter = 0;
  }
  if (poolAt + 8 > pool.length) {
    randomFillSync(pool);
    poolAt = 0;
  }
  const r = pool.subarray(poolAt, (poolAt += 8));
  const ms = lastMs;
  const b = [
    Math.floor(ms / 2 ** 40) & 0xff,
    Math.floor(ms / 2 ** 32) & 0xff,
    (ms >>> 24) & 0xff,
    (ms >>> 16) & 0xff,
    (ms >>> 8) & 0xff,
    ms & 0xff,
    0x70 | (counter >>> 8), // version 7
    counter & 0xff,
    0x80 | (r[0]! & 0x3f), // variant 10
    r[1]!,
    r[2]!,
    r[3]!,
    r[4]!,
    r[5]!,
    r[6]!,
    r[7]!,
  ].map((x) => hex[x]!);
  return `${b[0]}${b[1]}${b[2]}${b[3]}-${b[4]}${b[5]}-${b[6]}${b[7]}-${b[8]}${b[9]}-${b[10]}${b[11]}${b[12]}${b[13]}${b[14]}${b[15]}`;
}
