import { toNumber } from '../../db/dialect';
import type { MidjourneyRow, TaskRow } from '../../domain/task-rows';
import type { StoredTask } from './task-platform';

type SharedColumns = 'id' | 'channel_id' | 'user_id' | 'token_id' | 'quota' | 'model_name' | 'subscription_id';

/**
 * A row of either task table as the poller and the refunds see it; the upstream id and the submit time
 * (unix milliseconds) are given by the caller, as the two tables name and measure them differently.
 */
export function storedTaskOf(
  row: Pick<TaskRow, SharedColumns> | Pick<MidjourneyRow, SharedColumns>,
  upstreamId: string,
  submittedAt: number,
): StoredTask {
  return {
    rowId: toNumber(row.id),
    upstreamId,
    channelId: toNumber(row.channel_id),
    userId: toNumber(row.user_id),
    tokenId: toNumber(row.token_id),
    quota: toNumber(row.quota),
    modelName: row.model_name,
    submittedAt,
    subscriptionId: toNumber(row.subscription_id),
  };
}
