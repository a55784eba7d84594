import type { AffinityKeySource, AffinityRule } from '@switchboard/contract';
import type { OptionStore } from '../../platform/option-store';

/** A rule with its patterns compiled once per change of the rules option. */
export interface CompiledRule {
  rule: AffinityRule;
  models: RegExp[];
  paths: RegExp[];
  /** lower-cased */
  userAgents: string[];
  sources: AffinityKeySource[];
  value: RegExp | null;
  /** the `pass_headers` names of the rule's override template */
  passHeaders: string[];
}

export interface AffinitySettings {
  enabled: boolean;
  switchOnSuccess: boolean;
  keepOnChannelDisabled: boolean;
  maxEntries: number;
  defaultTtlSeconds: number;
  rules: CompiledRule[];
}

const compile = (pattern: string): RegExp | null => {
  try {
    return new RegExp(pattern);
  } catch {
    return null;
  }
};

const patterns = (list: unknown): RegExp[] =>
  Array.isArray(list)
    ? list.flatMap((pattern) => (typeof pattern === 'string' && pattern !== '' ? (compile(pattern) ?? []) : []))
    : [];

/** Header names of the template's `pass_headers` operations. */
function passHeadersOf(template: AffinityRule['param_override_template']): string[] {
  const operations = template?.operations;
  if (!Array.isArray(operations)) return [];
  return operations.flatMap((operation: unknown) => {
    const { mode, value } = (operation ?? {}) as { mode?: unknown; value?: unknown };
    return mode === 'pass_headers' && Array.isArray(value)
      ? value.filter((name): name is string => typeof name === 'string' && name !== '')
      : [];
  });
}

function compileRules(text: string): CompiledRule[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((rule: AffinityRule): CompiledRule[] => {
    if (!rule || typeof rule.name !== 'string' || !Array.isArray(rule.key_sources)) return [];
    const models = patterns(rule.model_regex);
    if (models.length === 0) return [];
    return [
      {
        rule,
        models,
        paths: patterns(rule.path_regex),
        userAgents: Array.isArray(rule.user_agent_include)
          ? rule.user_agent_include
              .filter((item) => typeof item === 'string' && item !== '')
              .map((item) => item.toLowerCase())
          : [],
        sources: rule.key_sources,
        value: rule.value_regex ? compile(rule.value_regex) : null,
        passHeaders: passHeadersOf(rule.param_override_template),
      },
    ];
  });
}

/** The affinity options, read on every call but parsed (rules compiled) only when they change. */
export class AffinitySettingsCache {
  private rulesText = '';
  private rules: CompiledRule[] = [];

  constructor(private readonly options: OptionStore) {}

  /** The rules when affinity is on; an empty list otherwise (the hot path's only check). */
  activeRules(): CompiledRule[] {
    if (!this.options.boolean('channel_affinity_setting.enabled')) return [];
    const text = this.options.string('channel_affinity_setting.rules');
    if (text !== this.rulesText) {
      this.rules = compileRules(text);
      this.rulesText = text;
    }
    return this.rules;
  }

  current(): AffinitySettings {
    const options = this.options;
    return {
      enabled: options.boolean('channel_affinity_setting.enabled'),
      switchOnSuccess: options.boolean('channel_affinity_setting.switch_on_success'),
      keepOnChannelDisabled: options.boolean('channel_affinity_setting.keep_on_channel_disabled'),
      maxEntries: Math.max(1, options.number('channel_affinity_setting.max_entries')),
      defaultTtlSeconds: Math.max(1, options.number('channel_affinity_setting.default_ttl_seconds')),
      rules: this.activeRules(),
    };
  }

  /** Every rule as configured (for the statistics, also while affinity is off). */
  configuredRules(): AffinityRule[] {
    const text = this.options.string('channel_affinity_setting.rules');
    try {
      const parsed: unknown = JSON.parse(text);
      return Array.isArray(parsed) ? (parsed as AffinityRule[]) : [];
    } catch {
      return [];
    }
  }
}
