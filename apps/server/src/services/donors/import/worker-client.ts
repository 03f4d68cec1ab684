import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { Chunk, ReadRequest } from "./chunk-reader.ts";

export type ToWorker =
  | { op: "read"; id: number; req: ReadRequest; credit: number }
  | { op: "more"; id: number }
  | { op: "stop"; id: number }
  | { op: "spool"; id: number; filePath: string }
  | { op: "data"; id: number; data: Uint8Array }
  | { op: "finish"; id: number };
export type FromWorker =
  | { op: "header"; id: number; header: string[] }
  | { op: "chunk"; id: number; chunk: Chunk }
  | { op: "end"; id: number }
  | { op: "ack"; id: number }
  | { op: "spooled"; id: number; header: string[] | null; rows: number }
  | { op: "error"; id: number; message: string; csv?: boolean };

/** What spooling an upload found: its header (null when the file had no record) and its record count. */
export type Spooled = { header: string[] | null; rows: number };

/** The upload's CSV could not be parsed (a quote left open): the request's 400. */
export class SpoolCsvError extends Error {}

/** Chunks the worker prepares ahead of the one the job is writing. */
const READ_AHEAD = 2;
/** Pieces of an upload sent to the worker and not yet parsed, at most. */
const SPOOL_AHEAD = 8;

/**
 * The import's worker thread (worker.ts), started on first use and shared by every import of this
 * process. The production bundle has it as its own file beside the bundle (import-worker.mjs, see
 * scripts/build-server.mjs); run from source (tsx, the tests), the worker registers tsx first.
 */
export class ImportWorker {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly streams = new Map<number, { fail(err: Error): void }>();

  /** Reads a spooled upload in chunks: the header first, then each chunk, as the caller takes them. */
  read(req: ReadRequest): ChunkStream {
    const id = this.nextId++;
    const stream = new ChunkStream(
      () => this.post({ op: "more", id }),
      () => {
        if (this.streams.delete(id)) this.post({ op: "stop", id });
        if (!this.streams.size) this.worker?.unref();
      },
    );
    this.streams.set(id, stream);
    const w = this.start();
    w.ref(); // a job waits for it
    this.post({ op: "read", id, req, credit: READ_AHEAD });
    return stream;
  }

  /**
   * Spools an upload in the worker: CsvRecordTexts reads the pieces written here and the worker writes
   * the records to `filePath` (spool.ts). `finish()` resolves when the file is written.
   */
  spool(filePath: string): SpoolSink {
    const id = this.nextId++;
    const sink = new SpoolSink(
      (data) => {
        // A copy in an ArrayBuffer of its own, moved to the worker: the piece may share a pooled buffer.
        const own = new Uint8Array(data);
        this.worker?.postMessage({ op: "data", id, data: own } satisfies ToWorker, [own.buffer]);
      },
      () => this.post({ op: "finish", id }),
      () => {
        if (this.streams.delete(id)) this.post({ op: "stop", id });
        if (!this.streams.size) this.worker?.unref();
      },
    );
    this.streams.set(id, sink);
    this.start().ref();
    this.post({ op: "spool", id, filePath });
    return sink;
  }

  async close() {
    const w = this.worker;
    this.worker = null;
    for (const s of this.streams.values()) s.fail(new Error("the import worker was stopped"));
    this.streams.clear();
    await w?.terminate();
  }

  private post(m: ToWorker) {
    this.worker?.postMessage(m);
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const w = spawnWorker();
    w.on("message", (m: FromWorker) => {
      const s = this.streams.get(m.id);
      if (!s) return;
      if (m.op === "error") s.fail(m.csv ? new SpoolCsvError(m.message) : new Error(m.message));
      else if (s instanceof ChunkStream) {
        if (m.op === "header") s.header(m.header);
        else if (m.op === "chunk") s.push(m.chunk);
        else if (m.op === "end") s.end();
      } else if (s instanceof SpoolSink) {
        if (m.op === "ack") s.ack();
        else if (m.op === "spooled") s.done({ header: m.header, rows: m.rows });
      }
    });
    const lost = (err: Error) => {
      if (this.worker !== w) return;
      this.worker = null;
      for (const s of this.streams.values()) s.fail(err);
      this.streams.clear();
    };
    w.on("error", lost);
    w.on("exit", (code) => lost(new Error(`the import worker exited (${code})`)));
    this.worker = w;
    return w;
  }
}

function spawnWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith(".ts")) return new Worker(new URL("./import-worker.mjs", here));
  // From source: tsx's loader first, then the TypeScript entry.
  const entry = new URL("./worker.ts", here).href;
  const tsx = pathToFileURL(createRequire(here).resolve("tsx/esm/api")).href.replace(/\.cjs$/, ".mjs");
  const code = `import { register } from ${JSON.stringify(tsx)}; register(); await import(${JSON.stringify(entry)});`;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`));
}

/** One reader's chunks as they arrive; iterating takes them in order (and asks the worker for more). */
export class ChunkStream implements AsyncIterable<{ header: string[] } | Chunk> {
  private readonly queue: ({ header: string[] } | Chunk)[] = [];
  private done = false;
  private error: Error | null = null;
  private wake: (() => void) | null = null;

  constructor(
    private readonly more: () => void,
    private readonly stop: () => void,
  ) {}

  header(header: string[]) {
    this.queue.push({ header });
    this.notify();
  }
  push(chunk: Chunk) {
    this.queue.push(chunk);
    this.notify();
  }
  end() {
    this.done = true;
    this.notify();
  }
  fail(err: Error) {
    this.error ??= err;
    this.notify();
  }
  /** Stops reading (the job paused or failed): the worker drops this reader. */
  close() {
    this.done = true;
    this.stop();
  }

  private notify() {
    const w = this.wake;
    this.wake = null;
    w?.();
  }

  async *[Symbol.asyncIterator]() {
    try {
      for (;;) {
        const item = this.queue.shift();
        if (item) {
          if (!("header" in item)) this.more();
          yield item;
          continue;
        }
        if (this.error) throw this.error;
        if (this.done) return;
        await new Promise<void>((r) => (this.wake = r));
      }
    } finally {
      this.close();
    }
  }
}

/** The main thread's side of an upload being spooled by the worker. */
export class SpoolSink {
  private inFlight = 0;
  private error: Error | null = null;
  private wake: (() => void) | null = null;
  private result: Spooled | null = null;

  constructor(
    private readonly send: (data: Uint8Array) => void,
    private readonly sendFinish: () => void,
    private readonly stop: () => void,
  ) {}

  /** Sends one piece; waits while the worker has SPOOL_AHEAD pieces still to parse. */
  async write(data: Uint8Array) {
    while (this.inFlight >= SPOOL_AHEAD && !this.error) await this.wait();
    if (this.error) throw this.error;
    this.inFlight++;
    this.send(data);
  }

  /** The end of the upload: resolves with what the worker spooled (or rejects with its error). */
  async finish(): Promise<Spooled> {
    if (!this.error) this.sendFinish();
    while (!this.result && !this.error) await this.wait();
    this.stop();
    if (this.error) throw this.error;
    return this.result!;
  }

  /** The upload failed on this side (too large, the client went away): the worker drops it. */
  abort() {
    this.error ??= new Error("spooling stopped");
    this.stop();
  }

  ack() {
    this.inFlight--;
    this.notify();
  }
  done(result: Spooled) {
    this.result = result;
    this.notify();
  }
  fail(err: Error) {
    this.error ??= err;
    this.notify();
  }

  private wait() {
    return new Promise<void>((r) => (this.wake = r));
  }
  private notify() {
    const w = this.wake;
    this.wake = null;
    w?.();
  }
}
