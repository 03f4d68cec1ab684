import http from "node:http";

export type FakeBehaviour =
  | { kind: "stream"; chunks: string[] }
  | { kind: "status"; status: number; times?: number }
  | { kind: "hang" }
  | { kind: "malformed" };

/**
 * A prompt holding `FAKE-ECHO<<text>>` is answered with `text`, whatever the current behaviour: a test can
 * put its own answer (e.g. an XSS payload) into the AI output without changing what the other tests get.
 */
function echoOf(body: Record<string, unknown>): string[] | null {
  const found = /FAKE-ECHO<<([\s\S]*?)>>/.exec(JSON.stringify(body.messages ?? ""));
  if (!found) return null;
  const text = JSON.parse(`"${found[1]}"`) as string;
  return [text.slice(0, Math.ceil(text.length / 2)), text.slice(Math.ceil(text.length / 2))];
}

/**
 * Fake OpenAI (/v1/chat/completions) and Anthropic (/v1/messages) servers on 127.0.0.1 that speak
 * their streaming wire formats, so the real SDKs can be pointed at them. They keep every request.
 */
export async function startFakeAiServer(flavour: "openai" | "anthropic") {
  const requests: { path: string; headers: http.IncomingHttpHeaders; body: Record<string, unknown> }[] = [];
  let behaviour: FakeBehaviour = { kind: "stream", chunks: ["Hello ", "from ", "the fake model."] };
  let failuresLeft = 0;

  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      requests.push({
        path: req.url ?? "",
        headers: req.headers,
        body: raw ? (JSON.parse(raw) as Record<string, unknown>) : {},
      });
      if (behaviour.kind === "hang") return; // never answers: the client's time-out must fire
      if (behaviour.kind === "status" && (behaviour.times === undefined || failuresLeft > 0)) {
        failuresLeft--;
        res.writeHead(behaviour.status, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: { message: `fake ${behaviour.status}`, type: "fake_error" } }));
        return;
      }
      res.writeHead(200, { "content-type": "text/event-stream" });
      if (behaviour.kind === "malformed") {
        res.end("data: {this is not json\n\n");
        return;
      }
      const echoed = echoOf(requests.at(-1)!.body);
      const chunks = echoed ?? (behaviour.kind === "stream" ? behaviour.chunks : ["Recovered answer."]);
      if (flavour === "openai") {
        for (const text of chunks) {
          res.write(
            `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 1, model: "fake", choices: [{ index: 0, delta: { content: text }, finish_reason: null }] })}\n\n`,
          );
        }
        res.write(
          `data: ${JSON.stringify({ id: "c1", object: "chat.completion.chunk", created: 1, model: "fake", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`,
        );
        res.end("data: [DONE]\n\n");
      } else {
        const ev = (type: string, data: unknown) => res.write(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`);
        ev("message_start", {
          type: "message_start",
          message: {
            id: "m1",
            type: "message",
            role: "assistant",
            model: "fake",
            content: [],
            stop_reason: null,
            usage: { input_tokens: 1, output_tokens: 0 },
          },
        });
        ev("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } });
        for (const text of chunks)
          ev("content_block_delta", { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } });
        ev("content_block_stop", { type: "content_block_stop", index: 0 });
        ev("message_delta", { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { output_tokens: 3 } });
        ev("message_stop", { type: "message_stop" });
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    baseUrl: flavour === "openai" ? `http://127.0.0.1:${port}/v1` : `http://127.0.0.1:${port}`,
    requests,
    set(next: FakeBehaviour) {
      behaviour = next;
      failuresLeft = next.kind === "status" ? (next.times ?? Infinity) : 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeAiServer = Awaited<ReturnType<typeof startFakeAiServer>>;
