import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pipeline } from "node:stream/promises";
import { generateDonorCsv } from "../../apps/server/src/demo/generate.ts";

/**
 * POSTs a file as the request body, read from disk as the socket takes it. Not fetch with
 * `fs.openAsBlob` or a web stream: Node 20's fetch held the whole body in this process's memory (665 MB
 * of buffers for the million-donor file), and the benchmarks' peak RSS, which counts this process,
 * read that as the server's (docs/PERFORMANCE.md).
 */
async function postFile(
  url: string,
  file: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: unknown }> {
  const req = http.request(url, {
    method: "POST",
    headers: { ...headers, "content-length": String(fs.statSync(file).size) },
  });
  const answered = new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    req.on("response", (res) => {
      const parts: Buffer[] = [];
      res.on("data", (b: Buffer) => parts.push(b));
      res.on("end", () => {
        const text = Buffer.concat(parts).toString("utf8");
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) });
        } catch {
          resolve({ status: res.statusCode ?? 0, body: text });
        }
      });
      res.on("error", reject);
    });
    req.on("error", reject);
  });
  // A server that answers early (a 4xx before the whole body) ends the upload; the answer still counts.
  // Both awaited together, so a failed connection rejects here rather than as an unhandled rejection.
  const [answer] = await Promise.all([answered, pipeline(fs.createReadStream(file), req).catch(() => {})]);
  return answer;
}

/**
 * The bench's generated research export of `rows` donors × 125 columns, in the temporary directory,
 * written first if missing: beside its name and renamed when whole, so a run stopped half-way never
 * leaves a short file for the next run to reuse.
 */
export async function benchCsv(rows: number, seed = 42): Promise<string> {
  const file = path.join(os.tmpdir(), seed === 42 ? `donors-bench-${rows}.csv` : `donors-bench-${rows}-${seed}.csv`);
  if (fs.existsSync(file)) return file;
  const part = `${file}.part`;
  const out = fs.createWriteStream(part);
  for (const line of generateDonorCsv(rows, seed)) if (!out.write(line)) await new Promise((r) => out.once("drain", r));
  await new Promise((r) => out.end(r));
  fs.renameSync(part, file);
  return file;
}

/**
 * Uploads `file` through the import route and polls the batch (every 250 ms) until it completes:
 * the time to the upload's answer (the file parsed into the spool), the whole time, and the counts.
 */
export async function importAndWait(origin: string, cookie: string, file: string) {
  const start = performance.now();
  const res = await postFile(`${origin}/api/donors/imports?fileName=bench.csv`, file, {
    "content-type": "text/csv",
    cookie,
    origin,
  });
  const batch = res.body as { id: string };
  if (res.status !== 202) throw new Error(`upload answered ${res.status}: ${JSON.stringify(batch)}`);
  const uploadMs = performance.now() - start;
  for (;;) {
    await new Promise((r) => setTimeout(r, 250));
    const s = (await (await fetch(`${origin}/api/donors/imports/${batch.id}`, { headers: { cookie } })).json()) as {
      status: string;
      counts: unknown;
      error: string;
    };
    if (s.status === "completed") return { uploadMs, ms: performance.now() - start, counts: s.counts };
    if (s.status === "failed") throw new Error(s.error);
  }
}
