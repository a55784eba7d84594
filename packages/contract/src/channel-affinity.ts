/**
 * Channel affinity (issue 37): a request carrying a stable session value (a prompt-cache key, a Claude
 * Code user id) goes back to the channel that last served that value, so the upstream's prompt cache
 * stays warm. Settings live in the options `channel_affinity_setting.*`; rules are a JSON list.
 */

export const affinityKeySourceTypes = ['request_header', 'gjson', 'context_string', 'context_int'] as const;
export type AffinityKeySourceType = (typeof affinityKeySourceTypes)[number];

/** Where a rule reads the affinity value: a request header (`key`), the JSON body (`path`), or the call's context (`key`). */
export interface AffinityKeySource {
  type: AffinityKeySourceType;
  key?: string;
  path?: string;
}

export interface AffinityRule {
  name: string;
  /** the requested model must match one of these */
  model_regex: string[];
  /** when not empty, the request path must match one of these */
  path_regex: string[];
  /** when not empty, the User-Agent must contain one of these (case-insensitive) */
  user_agent_include?: string[];
  /** tried in order; the first non-empty value wins */
  key_sources: AffinityKeySource[];
  /** when set, the value must match it */
  value_regex?: string;
  /** 0: the default TTL */
  ttl_seconds?: number;
  /** merged into the channel's parameter override when affinity applies (`pass_headers` operations are applied) */
  param_override_template?: Record<string, unknown> | null;
  /** a failed call whose channel came from affinity is not retried on other channels */
  skip_retry_on_failure?: boolean;
  include_using_group?: boolean;
  include_model_name?: boolean;
  include_rule_name?: boolean;
}

/** Caps of the rules option (documented in docs/operations.md). */
export const AFFINITY_LIMITS = {
  rules: 50,
  name: 64,
  patterns: 20,
  pattern: 300,
  sources: 10,
  userAgents: 20,
} as const;

/** Headers Codex CLI sends that the built-in rule passes to the upstream. */
export const CODEX_CLI_HEADERS = [
  'Originator',
  'Session_id',
  'Thread_id',
  'Session-Id',
  'Thread-Id',
  'X-Client-Request-Id',
  'User-Agent',
  'X-Codex-Beta-Features',
  'X-Codex-Turn-State',
  'X-Codex-Turn-Metadata',
  'X-Codex-Window-Id',
  'X-Codex-Parent-Thread-Id',
  'X-OpenAI-Subagent',
  'X-OpenAI-Memgen-Request',
  'X-ResponsesAPI-Include-Timing-Metrics',
  'X-OpenAI-Internal-Codex-Responses-Lite',
];

/** Headers Claude Code sends that the built-in rule passes to the upstream. */
export const CLAUDE_CLI_HEADERS = [
  'X-Stainless-Arch',
  'X-Stainless-Lang',
  'X-Stainless-Os',
  'X-Stainless-Package-Version',
  'X-Stainless-Retry-Count',
  'X-Stainless-Runtime',
  'X-Stainless-Runtime-Version',
  'X-Stainless-Timeout',
  'User-Agent',
  'X-App',
  'Anthropic-Beta',
  'Anthropic-Dangerous-Direct-Browser-Access',
  'Anthropic-Version',
];

const passHeaders = (headers: string[]) => ({
  operations: [{ mode: 'pass_headers', value: headers, keep_origin: true }],
});

const builtInRule = (name: string, model: string, path: string, bodyPath: string, headers: string[]): AffinityRule => ({
  name,
  model_regex: [model],
  path_regex: [path],
  key_sources: [{ type: 'gjson', path: bodyPath }],
  param_override_template: passHeaders(headers),
  value_regex: '',
  ttl_seconds: 0,
  skip_retry_on_failure: true,
  include_using_group: true,
  include_model_name: false,
  include_rule_name: true,
});

/** The two built-in rules (also the console's templates): Codex CLI and Claude Code. */
export const codexCliRule = (): AffinityRule =>
  builtInRule('codex cli trace', '^gpt-.*$', '/v1/responses', 'prompt_cache_key', CODEX_CLI_HEADERS);
export const claudeCliRule = (): AffinityRule =>
  builtInRule('claude cli trace', '^claude-.*$', '/v1/messages', 'metadata.user_id', CLAUDE_CLI_HEADERS);

/** The cache key's namespace; the parts follow joined with ":". */
export const AFFINITY_NAMESPACE = 'new-api:channel_affinity:v1:';

/** `data` of `GET /api/option/channel_affinity_cache`. */
export interface AffinityCacheStats {
  enabled: boolean;
  total: number;
  unknown: number;
  by_rule_name: Record<string, number>;
  cache_capacity: number;
  cache_algo: string;
}

/** `data` of `GET /api/log/channel_affinity_usage_cache`. */
export interface AffinityUsageStats {
  rule_name: string;
  using_group: string;
  key_fp: string;
  cached_token_rate_mode: string;
  hit: number;
  total: number;
  window_seconds: number;
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  cached_tokens: number;
  prompt_cache_hit_tokens: number;
  last_seen_at: number;
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const compiles = (pattern: unknown): boolean => {
  if (typeof pattern !== 'string' || pattern.length > AFFINITY_LIMITS.pattern) return false;
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
};

const isTextList = (value: unknown, limit: number, each: (item: unknown) => boolean) =>
  value === undefined || value === null || (Array.isArray(value) && value.length <= limit && value.every(each));

function sourceProblem(source: unknown): string | null {
  if (!isPlain(source) || !(affinityKeySourceTypes as readonly unknown[]).includes(source.type)) return 'key_sources';
  const named = source.type === 'gjson' ? source.path : source.key;
  return typeof named === 'string' && named.trim() !== '' && named.length <= 200 ? null : 'key_sources';
}

/**
 * What is wrong with a parsed rules list: the first rule (1-based) and field that does not fit, or
 * null. Names are unique and non-empty, patterns compile, each key source names its header or path.
 */
export function affinityRulesProblem(value: unknown): { rule: number; field: string } | null {
  if (!Array.isArray(value)) return { rule: 0, field: 'rules' };
  if (value.length > AFFINITY_LIMITS.rules) return { rule: AFFINITY_LIMITS.rules + 1, field: 'rules' };
  const names = new Set<string>();
  for (const [index, rule] of value.entries()) {
    const at = index + 1;
    if (!isPlain(rule)) return { rule: at, field: 'rules' };
    const name = rule.name;
    if (typeof name !== 'string' || name.trim() === '' || name.length > AFFINITY_LIMITS.name || names.has(name))
      return { rule: at, field: 'name' };
    names.add(name);
    if (
      !Array.isArray(rule.model_regex) ||
      rule.model_regex.length === 0 ||
      !isTextList(rule.model_regex, AFFINITY_LIMITS.patterns, compiles)
    ) {
      return { rule: at, field: 'model_regex' };
    }
    if (!isTextList(rule.path_regex, AFFINITY_LIMITS.patterns, compiles)) return { rule: at, field: 'path_regex' };
    if (
      !isTextList(
        rule.user_agent_include,
        AFFINITY_LIMITS.userAgents,
        (item) => typeof item === 'string' && item.length <= 200,
      )
    ) {
      return { rule: at, field: 'user_agent_include' };
    }
    const sources = rule.key_sources;
    if (
      !Array.isArray(sources) ||
      sources.length === 0 ||
      sources.length > AFFINITY_LIMITS.sources ||
      sources.some((source) => sourceProblem(source) !== null)
    ) {
      return { rule: at, field: 'key_sources' };
    }
    if (
      rule.value_regex !== undefined &&
      rule.value_regex !== null &&
      rule.value_regex !== '' &&
      !compiles(rule.value_regex)
    )
      return { rule: at, field: 'value_regex' };
    const ttl = rule.ttl_seconds;
    if (ttl !== undefined && ttl !== null && !(Number.isSafeInteger(ttl) && (ttl as number) >= 0))
      return { rule: at, field: 'ttl_seconds' };
    const template = rule.param_override_template;
    if (template !== undefined && template !== null && !isPlain(template))
      return { rule: at, field: 'param_override_template' };
    for (const flag of ['skip_retry_on_failure', 'include_using_group', 'include_model_name', 'include_rule_name']) {
      if (rule[flag] !== undefined && rule[flag] !== null && typeof rule[flag] !== 'boolean')
        return { rule: at, field: flag };
    }
  }
  return null;
}
