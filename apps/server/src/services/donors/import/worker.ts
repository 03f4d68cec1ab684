/**
 * The import's worker thread (worker-client.ts starts it): reads spooled uploads and turns their records
 * into chunks (chunk-reader.ts), so parsing 125 columns per row never holds up the main thread, which
 * serves requests and, on PGlite, runs the database. Bundled as its own entry (scripts/build-server.mjs).
 */
import { parentPort } from "node:worker_threads";
import { readChunks, type ReadRequest } from "./chunk-reader.ts";
import { spoolRecords, type SpoolInput } from "./spool-records.ts";
import type { FromWorker, ToWorker } from "./worker-client.ts";

type Reader = { credit: number; stopped: boolean; wake: (() => void) | null };
const readers = new Map<number, Reader>();
const spools = new Map<number, SpoolInput>();
const port = parentPort!;
const post = (m: FromWorker, transfer: ArrayBuffer[] = []) => port.postMessage(m, transfer);

port.on("message", (m: ToWorker) => {
  if (m.op === "spool") {
    const input = spoolRecords(m.filePath, (result) => {
      spools.delete(m.id);
      if ("error" in result) post({ op: "error", id: m.id, message: result.error, csv: result.csv });
      else post({ op: "spooled", id: m.id, ...result });
    });
    spools.set(m.id, input);
    return;
  }
  const input = spools.get(m.id);
  if (input) {
    if (m.op === "data") input.write(m.data, () => post({ op: "ack", id: m.id }));
    else if (m.op === "finish") input.end();
    else if (m.op === "stop") {
      spools.delete(m.id);
      input.destroy();
    }
    return;
  }
  if (m.op === "read") {
    const reader: Reader = { credit: m.credit, stopped: false, wake: null };
    readers.set(m.id, reader);
    void run(m.id, m.req, reader);
    return;
  }
  const reader = readers.get(m.id);
  if (!reader) return;
  if (m.op === "more") reader.credit++;
  else reader.stopped = true;
  reader.wake?.();
});

/** Sends one reader's chunks as the main thread asks for them (`credit`: chunks it will take). */
async function run(id: number, req: ReadRequest, reader: Reader) {
  try {
    for await (const item of readChunks(req)) {
      if ("header" in item) {
        post({ op: "header", id, header: item.header });
        continue;
      }
      while (reader.credit <= 0 && !reader.stopped) await new Promise<void>((r) => (reader.wake = r));
      reader.wake = null;
      if (reader.stopped) return;
      reader.credit--;
      post({ op: "chunk", id, chunk: item }, [item.keys.buffer as ArrayBuffer, item.probe.buffer as ArrayBuffer]);
    }
    post({ op: "end", id });
  } catch (err) {
    post({ op: "error", id, message: err instanceof Error ? err.message : String(err) });
  } finally {
    readers.delete(id);
  }
}
