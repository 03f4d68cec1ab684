/**
 * A set of string keys held as 52-bit hashes in one Float64Array (open addressing): about 16 bytes
 * per key instead of the strings themselves, so an import can remember the match keys of an
 * organisation's 100,000s of donors. A false positive (two keys, same hash; odds about n / 2^52)
 * only costs the importer a database lookup it could have skipped; a key added is always found.
 */
export class KeySet {
  private table = new Float64Array(1024);
  private count = 0;

  get size() {
    return this.count;
  }

  /** The hash a key is kept as (the import's worker sends keys as hashes). */
  static hash(key: string) {
    return hash(key);
  }

  add(key: string) {
    this.addHash(hash(key));
  }

  has(key: string) {
    return this.hasHash(hash(key));
  }

  addHash(h: number) {
    if ((this.count + 1) * 2 > this.table.length) this.grow();
    if (insert(this.table, h)) this.count++;
  }

  hasHash(h: number) {
    return this.table[slot(this.table, h)] === h;
  }

  private grow() {
    const old = this.table;
    this.table = new Float64Array(old.length * 2);
    for (const v of old) if (v !== 0) insert(this.table, v);
  }
}

/** Two 32-bit FNV-1a variants combined into a positive integer below 2^52 (never 0: 0 marks empty). */
function hash(key: string): number {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ key.length;
  for (let i = 0; i < key.length; i++) {
    const c = key.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return (a >>> 0) * 0x100000 + ((b >>> 0) & 0xfffff) || 1;
}

/** Where h is in the table, or the empty slot where it would go (linear probing; the table is never full). */
function slot(t: Float64Array, h: number): number {
  const mask = t.length - 1;
  let i = h % t.length;
  while (t[i] !== 0 && t[i] !== h) i = (i + 1) & mask;
  return i;
}

function insert(t: Float64Array, h: number): boolean {
  const i = slot(t, h);
  if (t[i] === h) return false;
  t[i] = h;
  return true;
}
