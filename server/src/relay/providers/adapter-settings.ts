import { optionCatalogue, type OptionKey } from '@switchboard/contract';

/** What the Claude adapters (Anthropic, Bedrock, Vertex) take from the `claude.*` options. */
export interface ClaudeAdapterSettings {
  /** model -> header name -> values, merged into the upstream request's headers */
  modelHeaders: Record<string, Record<string, string[]>>;
  /** model -> max_tokens when the client sends none; `default` for every other model */
  defaultMaxTokens: Record<string, number>;
  /** a model name ending in `-thinking` turns on extended thinking */
  thinkingAdapterEnabled: boolean;
  /** share of max_tokens given to thinking by the `-thinking` adapter */
  thinkingBudgetShare: number;
}

/** What the Gemini adapters take from the `gemini.*` options. */
export interface GeminiAdapterSettings {
  /** model -> safety threshold for every harm category; `default` for every other model */
  safety: Record<string, string>;
  /** model -> API version (Gemini API channels); `default` for every other model */
  versions: Record<string, string>;
}

/** The options the adapters apply, read once per option change (never per request). */
export interface AdapterSettings {
  claude: ClaudeAdapterSettings;
  gemini: GeminiAdapterSettings;
  /** `global.pass_through_request_enabled`: the client's body goes upstream byte for byte */
  passThrough: boolean;
}

/** The option keys the adapter settings are made of. */
export const adapterOptionKeys: readonly OptionKey[] = [
  'claude.model_headers_settings',
  'claude.default_max_tokens',
  'claude.thinking_adapter_enabled',
  'claude.thinking_adapter_budget_tokens_percentage',
  'gemini.safety_settings',
  'gemini.version_settings',
  'global.pass_through_request_enabled',
];

/** Reads option values the way the option store hands them out (already validated and parsed). */
export interface OptionReader {
  json<T>(key: OptionKey): T;
  boolean(key: OptionKey): boolean;
  number(key: OptionKey): number;
}

export function adapterSettingsOf(options: OptionReader): AdapterSettings {
  return {
    claude: {
      modelHeaders: options.json('claude.model_headers_settings') ?? {},
      defaultMaxTokens: options.json('claude.default_max_tokens') ?? {},
      thinkingAdapterEnabled: options.boolean('claude.thinking_adapter_enabled'),
      thinkingBudgetShare: options.number('claude.thinking_adapter_budget_tokens_percentage'),
    },
    gemini: {
      safety: options.json('gemini.safety_settings') ?? {},
      versions: options.json('gemini.version_settings') ?? {},
    },
    passThrough: options.boolean('global.pass_through_request_enabled'),
  };
}

const catalogueDefaults: OptionReader = {
  json: <T>(key: OptionKey) => JSON.parse(optionCatalogue[key].default) as T,
  boolean: (key) => optionCatalogue[key].default === 'true',
  number: (key) => Number(optionCatalogue[key].default),
};

/** The settings with every option at its default (unit tests of adapters, tools without a server). */
export const defaultAdapterSettings: AdapterSettings = adapterSettingsOf(catalogueDefaults);

/** A per-model setting: the model's own entry, else the `default` entry. */
export function perModel<T>(table: Record<string, T>, model: string): T | undefined {
  return Object.hasOwn(table, model) ? table[model] : table.default;
}
