import {
  isTokenExhausted,
  isTokenExpired,
  MAX_TOKENS_PER_USER,
  TOKEN_FIELD_DEFAULTS,
  TokenStatus,
  type PageData,
  type TokenCreateRequest,
  type TokenFields,
  type TokenUpdateRequest,
  type TokenView,
} from '@switchboard/contract';
import type { Insertable } from 'kysely';
import type { AppContext } from '../../app-context';
import { fromBoolean, nowSeconds } from '../../db/dialect';
import type { TokensTable } from '../../db/tables/tokens';
import { AppError } from '../../platform/errors';
import type { PageRequest } from '../paging';
import { fill } from '../../platform/text';
import { TokenRepository, type TokenFilter, type TokenRecord } from './repository';
import { bulkTokenName, generateTokenKey } from './token-key';
import { checkFields, givenFields, type CheckedTokenFields, type TokenOwner } from './token-fields';
import { toTokenView } from './token-view';
import { messages } from '../../platform/i18n/catalogue';

/** The relay caches tokens by key and drops an entry when this topic names it. */
const KEY_ATTEMPTS = 5;

export interface TokenServiceOptions {
  /** Key source; tests inject collisions. */
  generateKey?: () => string;
}

type NewToken = Omit<Insertable<TokensTable>, 'key'>;

/** A user's own access tokens (spec 001 §3 Token, §4, §5; issue 8). */
export class TokenService {
  private readonly repository: TokenRepository;
  private readonly generateKey: () => string;

  constructor(
    private readonly context: AppContext,
    options: TokenServiceOptions = {},
  ) {
    this.repository = new TokenRepository(context.database);
    this.generateKey = options.generateKey ?? generateTokenKey;
  }

  async list(owner: TokenOwner, filter: TokenFilter, paging: PageRequest): Promise<PageData<TokenView>> {
    const [total, records] = await Promise.all([
      this.repository.count(owner.id, filter),
      this.repository.page(owner.id, filter, paging.offset, paging.size),
    ]);
    return { items: await this.views(records), page: paging.page, page_size: paging.size, total };
  }

  async get(owner: TokenOwner, id: number): Promise<TokenView> {
    return this.view(await this.owned(owner, id));
  }

  /** Creates `quantity` tokens (1 by default); the extra ones are named `name-xxxxxx`. */
  async create(owner: TokenOwner, request: TokenCreateRequest): Promise<TokenView[]> {
    const quantity = request.quantity ?? 1;
    const now = nowSeconds();
    const checked = checkFields(
      this.context,
      owner,
      { ...TOKEN_FIELD_DEFAULTS, ...givenFields(request) },
      {
        nowSeconds: now,
        checkExpiryAgainstNow: true,
        checkGroup: true,
        quantity,
      },
    );
    const count = await this.repository.count(owner.id);
    if (count + quantity > MAX_TOKENS_PER_USER) {
      throw new AppError(fill(messages.token.tooManyTokens, { max: MAX_TOKENS_PER_USER, count }));
    }
    const rows = Array.from({ length: quantity }, (_, index): NewToken => ({
      ...storedFields(checked),
      user_id: owner.id,
      name: index === 0 ? checked.name : bulkTokenName(checked.name),
      status: TokenStatus.Enabled,
      created_time: now,
      accessed_time: now,
      remain_quota: checked.remain_quota,
      used_quota: 0,
      deleted_at: null,
    }));
    const keys = await this.insertWithFreshKeys(rows);
    await this.announce(...keys);
    return this.views(await this.repository.findByKeys(owner.id, keys));
  }

  /** Changes the given fields; a new remaining quota goes through the balance authority. */
  async update(owner: TokenOwner, request: TokenUpdateRequest): Promise<TokenView> {
    const id = request.id;
    const existing = await this.owned(owner, id);
    const liveRemain = await this.context.balances.tokenRemain(id);
    // A client that says which remaining quota it edited is refused when calls spent from the token since.
    if (
      request.remain_quota !== undefined &&
      request.expected_remain_quota !== undefined &&
      request.expected_remain_quota !== liveRemain
    ) {
      throw new AppError(fill(messages.token.remainQuotaStale, { remain: liveRemain }));
    }
    const current: TokenFields = { ...existing, remain_quota: liveRemain };
    const next = { ...current, ...givenFields(request) };
    const now = nowSeconds();
    const checked = checkFields(this.context, owner, next, {
      nowSeconds: now,
      checkExpiryAgainstNow: next.expired_time !== existing.expired_time,
      checkGroup: next.group.trim() !== existing.group,
    });
    // A stored expired/exhausted mark (the relay may write one) lifts once the edit makes the token usable.
    const usableAgain = !isTokenExpired(checked, now) && !isTokenExhausted(checked);
    const lifted =
      (existing.status === TokenStatus.Expired || existing.status === TokenStatus.Exhausted) && usableAgain;
    await this.repository.update(owner.id, id, {
      ...storedFields(checked),
      ...(lifted ? { status: TokenStatus.Enabled } : {}),
    });
    if (checked.remain_quota !== liveRemain) await this.context.balances.setTokenRemain(id, checked.remain_quota);
    await this.announce(existing.key);
    return this.get(owner, id);
  }

  /** Enables (1) or disables (2); an expired or exhausted token cannot be enabled. */
  async setStatus(owner: TokenOwner, id: number, status: number | undefined): Promise<TokenView> {
    if (status !== TokenStatus.Enabled && status !== TokenStatus.Disabled)
      throw new AppError(messages.token.statusInvalid);
    const existing = await this.owned(owner, id);
    if (status === TokenStatus.Enabled) {
      if (isTokenExpired(existing, nowSeconds())) throw new AppError(messages.token.expiredCannotEnable);
      const remain = await this.context.balances.tokenRemain(id);
      if (isTokenExhausted({ ...existing, remain_quota: remain }))
        throw new AppError(messages.token.exhaustedCannotEnable);
    }
    await this.repository.update(owner.id, id, { status });
    await this.announce(existing.key);
    return this.get(owner, id);
  }

  async remove(owner: TokenOwner, id: number): Promise<void> {
    const existing = await this.owned(owner, id);
    if (!(await this.repository.softDelete(owner.id, id))) throw new AppError(messages.token.tokenNotFound);
    await this.announce(existing.key);
  }

  /** Another user's token reads exactly like a missing one. */
  private async owned(owner: TokenOwner, id: number): Promise<TokenRecord> {
    const record = await this.repository.find(owner.id, id);
    if (!record) throw new AppError(messages.token.tokenNotFound);
    return record;
  }

  private view(record: TokenRecord): Promise<TokenView> {
    return toTokenView(record, this.context.balances, nowSeconds());
  }

  private views(records: TokenRecord[]): Promise<TokenView[]> {
    const now = nowSeconds();
    return Promise.all(records.map((record) => toTokenView(record, this.context.balances, now)));
  }

  /** Resolves once every process forgot the tokens, so the next call through any of them sees the change. */
  private async announce(...keys: string[]): Promise<void> {
    await Promise.all(keys.map((key) => this.context.bus.tokenChanged(key)));
  }

  private async insertWithFreshKeys(rows: NewToken[]): Promise<string[]> {
    for (let attempt = 0; attempt < KEY_ATTEMPTS; attempt++) {
      const keys = await this.freshKeys(rows.length);
      try {
        await this.repository.insertAll(rows.map((row, index) => ({ ...row, key: keys[index] ?? '' })));
        return keys;
      } catch (error) {
        // A concurrent insert took a key between the check and the insert: draw again.
        if ((await this.repository.takenKeys(keys)).size === 0) throw error;
      }
    }
    throw new AppError(messages.token.keyGenerationFailed);
  }

  /** `count` distinct keys that no token holds, redrawing the ones that collide. */
  private async freshKeys(count: number): Promise<string[]> {
    const keys = new Set<string>();
    for (let round = 0; round < KEY_ATTEMPTS && keys.size < count; round++) {
      const candidates = new Set<string>();
      for (let drawn = keys.size; drawn < count; drawn++) {
        const key = this.generateKey();
        if (!keys.has(key)) candidates.add(key);
      }
      const taken = await this.repository.takenKeys([...candidates]);
      for (const key of candidates) if (!taken.has(key)) keys.add(key);
    }
    if (keys.size < count) throw new AppError(messages.token.keyGenerationFailed);
    return [...keys];
  }
}

/** The columns an edit writes: never `remain_quota`, which belongs to the balance authority after creation. */
function storedFields(fields: CheckedTokenFields) {
  return {
    name: fields.name,
    expired_time: fields.expired_time,
    unlimited_quota: fromBoolean(fields.unlimited_quota),
    model_limits_enabled: fromBoolean(fields.model_limits_enabled),
    model_limits: fields.model_limits,
    allow_ips: fields.allow_ips,
    group: fields.group,
    rpm_limit: fields.rpm_limit,
    tpm_limit: fields.tpm_limit,
  };
}
