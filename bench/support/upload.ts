import fs from "node:fs";
import http from "node:http";
import { pipeline } from "node:stream/promises";

/**
 * POSTs a file as the request body, read from disk as the socket takes it. Not fetch with
 * `fs.openAsBlob` or a web stream: Node 20's fetch held the whole body in this process's memory (665 MB
 * of buffers for the million-donor file), and the benchmarks' peak RSS, which counts this process,
 * read that as the server's (docs/PERFORMANCE.md).
 */
export async function postFile(
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
