import type Anthropic from "@anthropic-ai/sdk";
import type { AiProviderId } from "@cultivate/shared";
import { AiError, SYSTEM_PROMPT, type AiProvider, type GenerateRequest, type GenerateResult } from "./types.ts";
import { describeUpstreamError } from "./errors.ts";
import { once } from "../lib/once.ts";

/** Anthropic's messages API (ANTHROPIC_BASE_URL for a proxy or compatible server). */
export class AnthropicProvider implements AiProvider {
  readonly ready: boolean;
  /** The SDK is loaded on first use (≈ 20 MB of RSS a server without AI traffic never needs). */
  private readonly client: (() => Promise<Anthropic>) | null;

  constructor(
    readonly id: AiProviderId,
    readonly label: string,
    readonly model: string,
    options: { apiKey?: string; baseURL?: string; timeoutMs: number; maxRetries: number },
  ) {
    this.ready = Boolean(options.apiKey);
    this.client = options.apiKey
      ? once(() =>
          import("@anthropic-ai/sdk").then(
            ({ default: Anthropic }) =>
              new Anthropic({
                apiKey: options.apiKey,
                baseURL: options.baseURL,
                timeout: options.timeoutMs,
                maxRetries: options.maxRetries,
              }),
          ),
        )
      : null;
  }

  async generate({ prompt, onToken, signal }: GenerateRequest): Promise<GenerateResult> {
    if (!this.client)
      throw new AiError(`${this.label} is not configured on this server (ANTHROPIC_API_KEY is not set).`, 503);
    let text = "";
    try {
      const stream = await (
        await this.client()
      ).messages.create(
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
        if (event.type === "content_block_delta" && event.delta.type === "text_delta") {
          text += event.delta.text;
          onToken?.(event.delta.text);
        }
      }
    } catch (err) {
      throw describeUpstreamError(this.label, err);
    }
    if (!text.trim()) throw new AiError(`${this.label} returned an empty answer.`);
    return { text, model: this.model };
  }
}
