import type OpenAI from "openai";
import type { AiProviderId } from "@cultivate/shared";
import { SYSTEM_PROMPT } from "./types.ts";
import { SdkProvider, type SdkOptions } from "./sdk-provider.ts";

/** OpenAI's chat completions API, or any server that speaks it (OPENAI_BASE_URL). */
export class OpenAiProvider extends SdkProvider<OpenAI> {
  constructor(id: AiProviderId, label: string, model: string, options: SdkOptions) {
    // The SDK is loaded on first use (≈ 13 MB of RSS).
    super(id, label, model, "OPENAI_API_KEY", options, ({ apiKey, baseURL, timeoutMs, maxRetries }) =>
      import("openai").then(({ default: OpenAI }) => new OpenAI({ apiKey, baseURL, timeout: timeoutMs, maxRetries })),
    );
  }

  protected async *stream(client: OpenAI, prompt: string, signal?: AbortSignal) {
    const stream = await client.chat.completions.create(
      {
        model: this.model,
        stream: true,
        messages: [
          { role: "system", content: SYSTEM_PROMPT },
          { role: "user", content: prompt },
        ],
      },
      { signal },
    );
    for await (const chunk of stream) {
      const delta = chunk.choices?.[0]?.delta?.content;
      if (typeof delta === "string" && delta) yield delta;
    }
  }
}
