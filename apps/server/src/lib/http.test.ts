import { describe, expect, it } from "vitest";
import { prefetchedStream } from "./http.ts";

describe("prefetchedStream", () => {
  it("ends its source when the stream is destroyed half-way (a download that stops)", async () => {
    let ended = false;
    const source = async function* () {
      try {
        for (let i = 0; ; i++) yield `line ${i}\n`;
      } finally {
        ended = true;
      }
    };
    const stream = await prefetchedStream(source());
    const first: string[] = [];
    for await (const chunk of stream) {
      first.push(String(chunk));
      if (first.length === 3) break; // breaking out of for await destroys the stream
    }
    expect(first).toEqual(["line 0\n", "line 1\n", "line 2\n"]);
    await new Promise((r) => setImmediate(r));
    expect(ended).toBe(true);
  });

  it("reads a short source to its end", async () => {
    const stream = await prefetchedStream(
      (async function* () {
        yield "a";
      })(),
    );
    const all: string[] = [];
    for await (const chunk of stream) all.push(String(chunk));
    expect(all).toEqual(["a"]);
  });
});
