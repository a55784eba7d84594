import {
  TOKEN_KEY_PREFIX,
  TokenStatus,
  UserStatus,
  splitModelLimits,
  type LogView,
  type TokenUsageView,
} from '@switchboard/contract';
import type { Selectable } from 'kysely';
import type { AppContext } from '../../app-context';
import { toBoolean, toNumber } from '../../db/dialect';
import type { TokensTable } from '../../db/tables/tokens';
import { AppError } from '../../platform/errors';
import { selfLogView } from '../log/log-view';
import { messages } from '../../platform/i18n/catalogue';

/** Log rows `GET /api/log/token` answers at most, newest first. */
export const TOKEN_LOG_LIMIT = 1000;

type TokenRow = Selectable<TokensTable>;

/** A log row as a token's holder sees it: as its owner would, plus the reference's `upstream_request_id`. */
export type TokenLogView = LogView & { upstream_request_id: string };

/**
 * The key of `Authorization: Bearer sk-<key>[-<anything>]`: the `sk-` prefix and everything from the
 * first `-` after it are dropped (a channel pin or a suffix some clients add).
 */
export function keyOfHeader(authorization: string | undefined): string {
  let value = (authorization ?? '').trim();
  if (/^bearer\s/i.test(value)) value = value.slice(7).trim();
  if (value.startsWith(TOKEN_KEY_PREFIX)) value = value.slice(TOKEN_KEY_PREFIX.length);
  return value.split('-')[0] ?? '';
}

/**
 * Read-only queries with a token's own key (issue 37; reference §11). Any token but a disabled one may
 * ask, expired and exhausted ones included; its owner must be enabled.
 */
export class TokenSelfService {
  constructor(private readonly context: AppContext) {}

  /** The token the header names: 401 without a key, for an unknown or disabled one; 403 when its owner is banned. */
  async authenticate(authorization: string | undefined): Promise<TokenRow> {
    const key = keyOfHeader(authorization);
    if (!key) throw new AppError(messages.tokenUsage.keyMissing, { status: 401, code: 'token_missing' });
    const { db } = this.context.database;
    const token = await db
      .selectFrom('tokens')
      .selectAll()
      .where('key', '=', key)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!token) throw new AppError(messages.tokenUsage.keyInvalid, { status: 401, code: 'token_invalid' });
    if (toNumber(token.status) === TokenStatus.Disabled)
      throw new AppError(messages.tokenUsage.tokenDisabled, { status: 401, code: 'token_disabled' });
    const user = await db
      .selectFrom('users')
      .select(['status', 'deleted_at'])
      .where('id', '=', token.user_id)
      .executeTakeFirst();
    if (!user || user.deleted_at !== null)
      throw new AppError(messages.tokenUsage.keyInvalid, { status: 401, code: 'token_invalid' });
    if (toNumber(user.status) !== UserStatus.Enabled)
      throw new AppError(messages.tokenUsage.userBanned, { status: 403, code: 'user_banned' });
    return token;
  }

  /** The token's latest log rows, without channel names or administrator details, numbered 1..n. */
  async logs(token: TokenRow): Promise<TokenLogView[]> {
    const rows = await this.context.database.db
      .selectFrom('logs')
      .selectAll()
      .where('token_id', '=', token.id)
      .orderBy('id', 'desc')
      .limit(TOKEN_LOG_LIMIT)
      .execute();
    return rows.map((row, index) => ({ ...selfLogView(row), id: index + 1, upstream_request_id: '' }));
  }

  usage(token: TokenRow): TokenUsageView {
    const remaining = toNumber(token.remain_quota);
    const used = toNumber(token.used_quota);
    const expires = toNumber(token.expired_time);
    return {
      object: 'token_usage',
      name: token.name,
      total_granted: remaining + used,
      total_used: used,
      total_available: remaining,
      unlimited_quota: toBoolean(token.unlimited_quota),
      model_limits: Object.fromEntries(splitModelLimits(token.model_limits).map((model) => [model, true])),
      model_limits_enabled: toBoolean(token.model_limits_enabled),
      expires_at: expires > 0 ? expires : 0,
    };
  }
}
