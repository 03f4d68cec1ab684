import type { AiProviderId } from "@cultivate/shared";
import { AiError, type AiProvider, type GenerateRequest, type GenerateResult } from "./types.ts";
import { describeUpstreamError } from "./errors.ts";
import { once } from "../lib/once.ts";

/** How a server reaches a cloud model (registry.ts fills it from the environment). */
export type SdkOptions = { apiKey?: string; baseURL?: string; timeoutMs: number; maxRetries: number };

/**
 * What the providers behind an official SDK share (openai-provider.ts, anthropic-provider.ts): the SDK's
 * client, made on first use (a server without AI traffic never loads it), and the streamed answer
 * gathered, each piece passed on as it arrives, every SDK error worded by describeUpstreamError. A
 * provider says only how it makes its client and reads its stream.
 */
export abstract class SdkProvider<Client> implements AiProvider {
  readonly ready: boolean;
  private readonly client: (() => Promise<Client>) | null;

  constructor(
    readonly id: AiProviderId,
    readonly label: string,
    readonly model: string,
    /** The environment variable that holds the key, named when it is missing. */
    private readonly keyVariable: string,
    options: SdkOptions,
    makeClient: (options: SdkOptions & { apiKey: string }) => Promise<Client>,
  ) {
    const { apiKey } = options;
    this.ready = Boolean(apiKey);
    this.client = apiKey ? once(() => makeClient({ ...options, apiKey })) : null;
  }

  /** The answer's text, piece by piece. */
  protected abstract stream(client: Client, prompt: string, signal?: AbortSignal): AsyncIterable<string>;

  async generate({ prompt, onToken, signal }: GenerateRequest): Promise<GenerateResult> {
    if (!this.client)
      throw new AiError(`${this.label} is not configured on this server (${this.keyVariable} is not set).`, 503);
    let text = "";
    try {
      for await (const piece of this.stream(await this.client(), prompt, signal)) {
        text += piece;
        onToken?.(piece);
      }
    } catch (err) {
      throw describeUpstreamError(this.label, err);
    }
    if (!text.trim()) throw new AiError(`${this.label} returned an empty answer.`);
    return { text, model: this.model };
  }
}
