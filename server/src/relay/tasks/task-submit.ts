import type { ChannelService } from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { fill } from '../../platform/text';
import { checkModelAllowed, type Caller } from '../authenticate';
import { priceOf } from '../../domain/prices';
import { quotaFor } from '../billing/quota';
import type { CachedChannel } from '../caches/channel-index';
import { selectChannel } from '../channel-selection';
import { invalidRequest, noChannelFor, RelayError, UpstreamError } from '../relay-error';
import type { RelayServices } from '../relay-services';
import { chargeTask, holdTaskPrice, releaseTaskHold } from './task-billing';
import { messages } from '../../platform/i18n/catalogue';

/** What one channel answered to a submit: accepted (charged) or refused by the platform (not charged). */
export interface SubmitAnswer<T> {
  accepted: boolean;
  answer: T;
  /** the consumption log's text for an accepted task */
  logContent?: string;
}

export interface TaskSubmit<T> {
  caller: Caller;
  /** the platform whose channel types may take the task (never a chat channel that lists the model) */
  service: ChannelService;
  /** the priced model name (mj_imagine, suno_music, sora-2, ...) */
  model: string;
  /** the ModelPrice entry that prices it, when not the model itself (a per-second video price) */
  priceModel?: string;
  /** how many units of the per-call price the task costs (1; seconds of video; 0 for free actions) */
  units: number;
  /** the channel an earlier task ran on, for actions that continue it; otherwise chosen as for chat */
  channelId?: number;
  requestId: string;
  send(channel: CachedChannel): Promise<SubmitAnswer<T>>;
  /**
   * Stores an accepted task, before it is charged: when storing fails (an upstream id that collides
   * with a stored one, a database error) the call fails uncharged, since no call the gateway itself
   * fails may stay charged.
   */
  record(accepted: { answer: T; channel: CachedChannel; quota: number; subscriptionId: number }): Promise<void>;
}

export interface SubmitResult<T> {
  accepted: boolean;
  answer: T;
  channel: CachedChannel;
  quota: number;
}

function nextChannel(
  services: RelayServices,
  submit: TaskSubmit<unknown>,
  tried: Set<number>,
): CachedChannel | undefined {
  const pinned = submit.channelId ?? submit.caller.pinnedChannelId;
  if (pinned === null || pinned === undefined) {
    return selectChannel(
      services.channels.tiers(submit.caller.group, submit.model, submit.service),
      tried,
      services.breaker,
    );
  }
  if (tried.has(pinned)) return undefined;
  const channel = services.channels.channel(pinned);
  if (!channel)
    throw new RelayError(messages.relayTask.taskChannelDisabled, 403, 'channel_not_found', 'permission_error');
  return channel;
}

/**
 * Submits a task: model limits and price first, the price held (refused when it cannot be paid, before
 * any upstream call), then channels in the chat relay's order (priority tiers, weights, circuit
 * breaker, RetryTimes failover on retryable failures). Once a channel accepts, the task is stored,
 * then charged and logged.
 */
export async function submitTask<T>(
  context: AppContext,
  services: RelayServices,
  submit: TaskSubmit<T>,
): Promise<SubmitResult<T>> {
  const started = Date.now();
  const { caller, model } = submit;
  checkModelAllowed(caller, model);
  // Tasks are priced per call (ModelPrice); a model with token ratios only has no task price.
  const price = priceOf(context.options, submit.priceModel ?? model, caller.group);
  if (price?.kind !== 'per-call') throw invalidRequest(fill(messages.relay.unpriced, { model }), 'model_price_error');
  const quota = quotaFor(
    price,
    { promptTokens: 0, completionTokens: 0 },
    context.options.number('QuotaPerUnit'),
    submit.units,
  );
  const held = await holdTaskPrice(context, caller, quota);
  const tried = new Set<number>();
  const pinned = submit.channelId !== undefined || caller.pinnedChannelId !== null;
  const attempts = pinned ? 1 : Math.max(0, context.options.number('RetryTimes')) + 1;
  let lastError: unknown;
  try {
    for (let attempt = 0; attempt < attempts; attempt += 1) {
      const channel = nextChannel(services, submit, tried);
      if (!channel) break;
      tried.add(channel.id);
      try {
        const sent = await submit.send(channel);
        services.breaker.succeeded(channel.id);
        if (!sent.accepted) {
          await releaseTaskHold(context, caller, held);
          return { accepted: false, answer: sent.answer, channel, quota: 0 };
        }
        await submit.record({
          answer: sent.answer,
          channel,
          quota,
          subscriptionId: held.subscription?.subscriptionId ?? 0,
        });
        await chargeTask(context, caller, {
          held,
          quota,
          price,
          model,
          channel,
          content: sent.logContent ?? '',
          requestId: submit.requestId,
          started,
        });
        return { accepted: true, answer: sent.answer, channel, quota };
      } catch (error) {
        lastError = error;
        if (!(error instanceof RelayError)) throw error;
        if (error instanceof UpstreamError || error.retryable) services.breaker.failed(channel.id);
        if (!error.retryable) break;
      }
    }
  } catch (error) {
    await releaseTaskHold(context, caller, held);
    throw error;
  }
  await releaseTaskHold(context, caller, held);
  throw lastError ?? noChannelFor(model, caller.group);
}
