import { randomBytes } from 'node:crypto';
import {
  checkRedemptionCount,
  checkRedemptionFields,
  DEFAULT_REDEMPTION_COUNT,
  DEFAULT_REDEMPTION_QUOTA,
  formatQuota,
  RedemptionStatus,
  type PageData,
  type RedemptionCreateRequest,
  type RedemptionUpdateRequest,
  type RedemptionView,
} from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { problemText } from '../../platform/text';
import { RedemptionRepository } from './repository';
import { messages } from '../../platform/i18n/catalogue';

/** 32 random hexadecimal characters (128 bits), like the reference product's codes. */
export const generateRedemptionKey = (): string => randomBytes(16).toString('hex');

const redemptionTexts = { ...messages.common, ...messages.redemption };

/** Redemption codes, administered (spec 001 §3 Redemption, §4, §5; issue 10). */
export class RedemptionService {
  private readonly repository: RedemptionRepository;

  constructor(private readonly context: AppContext) {
    this.repository = new RedemptionRepository(context.database);
  }

  async list(keyword: string, page: number, pageSize: number): Promise<PageData<RedemptionView>> {
    const { total, items } = await this.repository.page(keyword, (page - 1) * pageSize, pageSize);
    return { items, page, page_size: pageSize, total };
  }

  async get(id: number): Promise<RedemptionView> {
    const record = await this.repository.find(id);
    if (!record) throw new AppError(messages.redemption.notFound);
    return record;
  }

  /** Creates `count` codes with one name and quota; answers the codes. */
  async create(creatorId: number, request: RedemptionCreateRequest): Promise<string[]> {
    const quota = request.quota ?? DEFAULT_REDEMPTION_QUOTA;
    const count = request.count ?? DEFAULT_REDEMPTION_COUNT;
    const name = this.checkedName(request.name ?? '', quota);
    const countProblem = checkRedemptionCount(count);
    if (countProblem) throw new AppError(problemText(redemptionTexts, countProblem));
    const now = nowSeconds();
    const keys = Array.from({ length: count }, generateRedemptionKey);
    await this.repository.insertAll(
      keys.map((key) => ({ user_id: creatorId, key, name, quota, status: RedemptionStatus.Unused, created_time: now })),
    );
    return keys;
  }

  /** Changes name and quota of a code that is still unused. */
  async update(request: RedemptionUpdateRequest): Promise<RedemptionView> {
    const existing = await this.get(request.id);
    if (existing.status !== RedemptionStatus.Unused) throw new AppError(messages.redemption.onlyUnusedEdited);
    const quota = request.quota ?? existing.quota;
    const name = this.checkedName(request.name ?? existing.name, quota);
    // The condition keeps an edit from landing on a code redeemed since it was read.
    const changed = await this.repository.updateWhileStatusIn(request.id, [RedemptionStatus.Unused], { name, quota });
    if (!changed) throw new AppError(messages.redemption.onlyUnusedEdited);
    return this.get(request.id);
  }

  /** Enables (1) or disables (2); a used code keeps its status. */
  async setStatus(id: number, status: number | undefined): Promise<RedemptionView> {
    if (status !== RedemptionStatus.Unused && status !== RedemptionStatus.Disabled) {
      throw new AppError(messages.redemption.statusInvalid);
    }
    await this.get(id);
    const changed = await this.repository.updateWhileStatusIn(
      id,
      [RedemptionStatus.Unused, RedemptionStatus.Disabled],
      { status },
    );
    if (!changed) {
      throw new AppError(
        status === RedemptionStatus.Unused
          ? messages.redemption.usedCannotEnable
          : messages.redemption.usedCannotChange,
      );
    }
    return this.get(id);
  }

  async remove(id: number): Promise<void> {
    if (!(await this.repository.remove(id))) throw new AppError(messages.redemption.notFound);
  }

  /** The trimmed name, or the formatted quota when it is empty; refused when too long. */
  private checkedName(given: string, quota: number): string {
    const trimmed = given.trim();
    const problem = checkRedemptionFields({ name: trimmed, quota });
    if (problem) throw new AppError(problemText(redemptionTexts, problem));
    if (trimmed !== '') return trimmed;
    const options = this.context.options;
    return formatQuota(quota, {
      inCurrency: options.boolean('DisplayInCurrencyEnabled'),
      quotaPerUnit: options.number('QuotaPerUnit'),
    });
  }
}
