import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { AFFINITY_NAMESPACE, type AffinityKeySource, type AffinityRule } from '@switchboard/contract';
import type { Caller } from '../authenticate';
import type { CompiledRule } from './affinity-settings';

/** What a rule reads of a call. */
export interface AffinityFacts {
  model: string;
  path: string;
  headers: IncomingHttpHeaders;
  json: Record<string, unknown> | null;
  caller: Caller;
}

/** A call a rule matched: its cache key and what the log may show of its value. */
export interface AffinityMatch {
  rule: AffinityRule;
  compiled: CompiledRule;
  cacheKey: string;
  usingGroup: string;
  model: string;
  path: string;
  source: AffinityKeySource;
  /** first 4 + "..." + last 4 characters when longer than 12 */
  hint: string;
  /** the first 8 hex characters of SHA-1 of the value */
  fingerprint: string;
}

/** A value at a dotted path of the JSON body (`metadata.user_id`, `input.0.id`); objects as their JSON. */
function valueAt(json: Record<string, unknown> | null, path: string): string {
  let value: unknown = json;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return '';
    value = (value as Record<string, unknown>)[part];
  }
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value && typeof value === 'object' ? JSON.stringify(value) : '';
}

/** The internal values `context_string` / `context_int` sources may name. */
function contextValue(caller: Caller, key: string): string {
  switch (key) {
    case 'id':
    case 'user_id':
      return String(caller.user.id);
    case 'username':
      return caller.user.username;
    case 'token_id':
      return caller.token ? String(caller.token.id) : '';
    case 'token_name':
      return caller.token?.name ?? '';
    case 'group':
    case 'using_group':
      return caller.group;
    default:
      return '';
  }
}

function sourceValue(source: AffinityKeySource, facts: AffinityFacts): string {
  switch (source.type) {
    case 'request_header': {
      const header = facts.headers[(source.key ?? '').toLowerCase()];
      return (Array.isArray(header) ? header[0] : header)?.trim() ?? '';
    }
    case 'gjson':
      return valueAt(facts.json, source.path ?? '').trim();
    case 'context_string':
    case 'context_int':
      return contextValue(facts.caller, source.key ?? '');
    default:
      return '';
  }
}

export const keyHint = (value: string): string =>
  value.length > 12 ? `${value.slice(0, 4)}...${value.slice(-4)}` : value;
export const keyFingerprint = (value: string): string => createHash('sha1').update(value).digest('hex').slice(0, 8);

function ruleApplies(rule: CompiledRule, facts: AffinityFacts): boolean {
  if (rule.paths.length > 0 && !rule.paths.some((path) => path.test(facts.path))) return false;
  if (!rule.models.some((model) => model.test(facts.model))) return false;
  if (rule.userAgents.length === 0) return true;
  const agent = String(facts.headers['user-agent'] ?? '').toLowerCase();
  return rule.userAgents.some((part) => agent.includes(part));
}

/**
 * The first rule, in order, whose path, model and user-agent conditions hold and that yields a value
 * passing its value pattern; null when none does. Costs a few pattern tests on a call no rule is for.
 */
export function matchAffinity(rules: CompiledRule[], facts: AffinityFacts): AffinityMatch | null {
  for (const compiled of rules) {
    if (!ruleApplies(compiled, facts)) continue;
    for (const source of compiled.sources) {
      const value = sourceValue(source, facts);
      if (!value) continue;
      if (compiled.value && !compiled.value.test(value)) break;
      const rule = compiled.rule;
      const parts = [
        ...(rule.include_rule_name ? [rule.name] : []),
        ...(rule.include_model_name ? [facts.model] : []),
        ...(rule.include_using_group ? [facts.caller.group] : []),
        value,
      ];
      return {
        rule,
        compiled,
        cacheKey: `${AFFINITY_NAMESPACE}${parts.join(':')}`,
        usingGroup: facts.caller.group,
        model: facts.model,
        path: facts.path,
        source,
        hint: keyHint(value),
        fingerprint: keyFingerprint(value),
      };
    }
  }
  return null;
}
