import type OpenAI from "openai";
import type { AiProviderId } from "@cultivate/shared";
import { AiError, SYSTEM_PROMPT, type AiProvider, type GenerateRequest, type GenerateResult } from "./types.ts";
import { describeUpstreamError } from "./errors.ts";
import { once } from "../lib/once.ts";

/** OpenAI's chat completions API, or any server that speaks it (OPENAI_BASE_URL). */
export class OpenAiProvider implements AiProvider {
  readonly ready: boolean;
  /** The SDK is loaded on first use (≈ 13 MB of RSS a server without AI traffic never needs). */
  private readonly client: (() => Promise<OpenAI>) | null;

  constructor(
    readonly id: AiProviderId,
    readonly label: string,
    readonly model: string,
    options: { apiKey?: string; baseURL?: string; timeoutMs: number; maxRetries: number },
  ) {
    this.ready = Boolean(options.apiKey);
    this.client = options.apiKey
      ? once(() =>
          import("openai").then(
            ({ default: OpenAI }) =>
              new OpenAI({
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
      throw new AiError(`${this.label} is not configured on this server (OPENAI_API_KEY is not set).`, 503);
    let text = "";
    try {
      const stream = await (
        await this.client()
      ).chat.completions.create(
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
        if (typeof delta === "string" && delta) {
          text += delta;
          onToken?.(delta);
        }
      }
    } catch (err) {
      throw describeUpstreamError(this.label, err);
    }
    if (!text.trim()) throw new AiError(`${this.label} returned an empty answer.`);
    return { text, model: this.model };
  }
}
