import {
  checkTokenFields,
  splitModelLimits,
  TOKEN_FIELD_DEFAULTS,
  type TokenCheckOptions,
  type TokenFields,
} from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { AppError } from '../../platform/errors';
import { fill, problemText } from '../../platform/text';
import { normaliseAllowedIps } from './allowed-ips';
import { messages } from '../../platform/i18n/catalogue';

/** Who owns the tokens being changed: the signed-in user. */
export interface TokenOwner {
  id: number;
  group: string;
}

/** Token fields after every check, in the form they are stored. */
export interface CheckedTokenFields extends TokenFields {
  allow_ips: string;
}

/** The groups a user may put a token in: the option UserUsableGroups, plus the user's own group. */
export function usableGroups(context: AppContext, ownGroup: string): Set<string> {
  const configured = context.options.json<unknown>('UserUsableGroups');
  const names =
    configured && typeof configured === 'object' && !Array.isArray(configured) ? Object.keys(configured) : [];
  return new Set([...names, ownGroup].filter((name) => name !== ''));
}

const FIELD_NAMES = new Set(Object.keys(TOKEN_FIELD_DEFAULTS));

/** The token fields a request gives (an absent field keeps its current or default value). */
export function givenFields(request: Partial<TokenFields>): Partial<TokenFields> {
  const given = Object.entries(request).filter(([name, value]) => FIELD_NAMES.has(name) && value !== undefined);
  return Object.fromEntries(given) as Partial<TokenFields>;
}

interface CheckOptions extends TokenCheckOptions {
  /** Checks the group against the usable groups (on create, and when an edit changes it). */
  checkGroup: boolean;
}

/**
 * Applies spec 001 §5 and issue 8 to a token's fields and returns them normalised (trimmed name,
 * de-duplicated model list, one address per line); the first broken rule throws its message.
 */
export function checkFields(
  context: AppContext,
  owner: TokenOwner,
  fields: TokenFields,
  options: CheckOptions,
): CheckedTokenFields {
  const problem = checkTokenFields(fields, options);
  if (problem) throw new AppError(problemText({ ...messages.common, ...messages.token }, problem));
  const allowedIps = normaliseAllowedIps(fields.allow_ips);
  if (!allowedIps.ok)
    throw new AppError(fill(messages.token.ipInvalid, { line: allowedIps.line, value: allowedIps.value }));
  const group = fields.group.trim();
  if (options.checkGroup && group !== '' && !usableGroups(context, owner.group).has(group)) {
    throw new AppError(fill(messages.token.groupNotUsable, { group }));
  }
  return {
    ...fields,
    name: fields.name.trim(),
    model_limits: splitModelLimits(fields.model_limits).join(','),
    allow_ips: allowedIps.text,
    group,
  };
}
