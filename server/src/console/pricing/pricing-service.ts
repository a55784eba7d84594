import { QuotaType, type PricingItem } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { listedPriceOf } from '../../domain/prices';

type NumberTable = Record<string, number>;

/** Enabled (model, group) pairs: which groups an enabled channel serves each model in. */
async function servedGroups(context: AppContext): Promise<Map<string, string[]>> {
  const rows = await context.database.db
    .selectFrom('abilities')
    .select(['model', 'group'])
    .where('enabled', '=', 1)
    .distinct()
    .orderBy('model')
    .orderBy('group')
    .execute();
  const groups = new Map<string, string[]>();
  for (const row of rows) groups.set(row.model, [...(groups.get(row.model) ?? []), row.group]);
  return groups;
}

/** The price of one model as the relay reads it (domain/prices.ts): a per-call price wins, else the ratios. */
export function pricingItemOf(context: AppContext, model: string, groups: string[]): PricingItem {
  const base = { model_name: model, enable_groups: groups, model_ratio: 0, completion_ratio: 0, model_price: 0 };
  const listed = listedPriceOf(context.options, model);
  if (!listed) return { ...base, quota_type: QuotaType.ByTokens, unpriced: true };
  if (listed.kind === 'per-call')
    return { ...base, quota_type: QuotaType.PerCall, model_price: listed.modelPrice, unpriced: false };
  return {
    ...base,
    quota_type: QuotaType.ByTokens,
    model_ratio: listed.modelRatio,
    completion_ratio: listed.completionRatio,
    unpriced: false,
  };
}

/** The groups a caller may use: the option UserUsableGroups, plus a signed-in user's own group. */
function usableGroupsOf(context: AppContext, ownGroup: string | null): Record<string, string> {
  const configured = context.options.json<Record<string, string>>('UserUsableGroups') ?? {};
  if (!ownGroup || ownGroup in configured) return { ...configured };
  return { ...configured, [ownGroup]: ownGroup };
}

/** `GET /api/pricing`: every model an enabled channel serves, with its price and groups. */
export async function buildPricing(context: AppContext, ownGroup: string | null) {
  const served = await servedGroups(context);
  return {
    data: [...served].map(([model, groups]) => pricingItemOf(context, model, groups)),
    group_ratio: context.options.json<NumberTable>('GroupRatio') ?? {},
    usable_group: usableGroupsOf(context, ownGroup),
  };
}
