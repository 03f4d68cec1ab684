import { aiProviderName, type AiProviderId } from "@cultivate/shared";
import type { AiConfig } from "../config.ts";
import { AnthropicProvider } from "./anthropic-provider.ts";
import { OfflineProvider } from "./offline-provider.ts";
import { OpenAiProvider } from "./openai-provider.ts";
import type { AiProvider } from "./types.ts";

export type AiRegistry = {
  get(id: AiProviderId): AiProvider;
  all(): AiProvider[];
  /** Used when no setting exists: OpenAI when it has a key (the spec's default), else the offline planner. */
  defaultId(): AiProviderId;
};

export function createAiRegistry(config: AiConfig): AiRegistry {
  const common = { timeoutMs: config.timeoutMs, maxRetries: config.maxRetries };
  const providers: Record<AiProviderId, AiProvider> = {
    openai: new OpenAiProvider("openai", aiProviderName("openai"), config.openaiModel, {
      ...common,
      apiKey: config.openaiApiKey,
      baseURL: config.openaiBaseUrl,
    }),
    "gpt-5": new OpenAiProvider("gpt-5", aiProviderName("gpt-5"), config.gpt5Model, {
      ...common,
      apiKey: config.openaiApiKey,
      baseURL: config.openaiBaseUrl,
    }),
    claude: new AnthropicProvider("claude", aiProviderName("claude"), config.anthropicModel, {
      ...common,
      apiKey: config.anthropicApiKey,
      baseURL: config.anthropicBaseUrl,
    }),
    offline: new OfflineProvider(),
  };
  return {
    get: (id) => providers[id],
    all: () => Object.values(providers),
    defaultId: () => (providers.openai.ready ? "openai" : "offline"),
  };
}
