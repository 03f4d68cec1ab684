import type Anthropic from "@anthropic-ai/sdk";
import type { AiProviderId } from "@cultivate/shared";
import { SYSTEM_PROMPT } from "./types.ts";
import { SdkProvider, type SdkOptions } from "./sdk-provider.ts";

/** Anthropic's messages API (ANTHROPIC_BASE_URL for a proxy or compatible server). */
export class AnthropicProvider extends SdkProvider<Anthropic> {
  constructor(id: AiProviderId, label: string, model: string, options: SdkOptions) {
    // The SDK is loaded on first use (≈ 20 MB of RSS).
    super(id, label, model, "ANTHROPIC_API_KEY", options, ({ apiKey, baseURL, timeoutMs, maxRetries }) =>
      import("@anthropic-ai/sdk").then(
        ({ default: Anthropic }) => new Anthropic({ apiKey, baseURL, timeout: timeoutMs, maxRetries }),
      ),
    );
  }

  protected async *stream(client: Anthropic, prompt: string, signal?: AbortSignal) {
    const stream = await client.messages.create(
      {
        model: this.model,
        max_tokens: 2048,
        system: SYSTEM_PROMPT,
        messages: [{ role: "user", content: prompt }],
        stream: true,
      },
      { signal },
    );
    for await (const event of stream) {
      if (event.type === "content_block_delta" && event.delta.type === "text_delta") yield event.delta.text;
    }
  }
}
