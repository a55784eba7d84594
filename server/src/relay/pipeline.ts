import type { IncomingHttpHeaders } from 'node:http';
import type { AppContext } from '../app-context';
import { ledgerOf, LogType, type LogEntry, type RollEntry } from '../ledger/index';
import { quotaWarningsOf } from '../platform/notify/quota-warnings';
import { fill } from '../platform/text';
import { checkModelAllowed, type Caller } from './authenticate';
import { sendAttempt, type AttemptOutcome } from './attempt';
import { countPromptTokens, promptEstimate } from './billing/estimate';
import { priceOf, unpricedLogContent, type Price } from '../domain/prices';
import { quotaFor, reserveFor, type Usage } from './billing/quota';
import { HeldAnswer } from './billing/held-answer';
import { consumptionOther } from './billing/consumption-other';
import { admitFundedCall, releaseFundedCall, spendingTokenId } from './billing/call-admission';
import type { CallFunding } from '../ledger/subscriptions/funding';
import { subscriptionBookOf } from '../ledger/subscriptions/subscription-book';
import type { CachedChannel } from './caches/channel-index';
import { disableIfRefused } from './channel-health';
import { chooseKey } from './key-choice';
import { affinityMatchOf, followAffinity, type CallAffinity } from './affinity/call-affinity';
import { selectChannel } from './channel-selection';
import type { ClientSink } from './client-sink';
import type { Endpoint } from './endpoints';
import type { InboundDialect } from './formats/inbound-dialect';
import type { ParsedBody } from './formats/request-body';
import { mapModel } from './model-mapping';
import { invalidRequest, noChannelFor, RelayError, UpstreamError } from './relay-error';
import type { RelayServices } from './relay-services';
import type { RelaySignal } from './client-abort';
import { completionGuardOf, refuseSensitivePrompt } from './sensitive/relay-hooks';
import { messages } from '../platform/i18n/catalogue';

export interface RelayCall {
  caller: Caller;
  endpoint: Endpoint;
  /** the dialect the client speaks */
  dialect: InboundDialect;
  body: ParsedBody;
  contentType: string;
  clientHeaders: IncomingHttpHeaders;
  requestId: string;
  clientIp: string;
  sink: ClientSink;
  /** aborted when the client disconnects */
  signal: RelaySignal;
  /** What the metrics label the call with, filled in as the call goes. */
  trace: CallTrace;
}

export interface CallTrace {
  /** the client's model once it was priced ('' before) */
  model: string;
  /** the last channel tried (0 before any) */
  channelId: number;
}

/** The next channel for a caller's model (the pinned one, else by tier and weight), never one already tried. */
export function pickChannel(
  services: RelayServices,
  call: { caller: Caller; body: { model: string } },
  tried: Set<number>,
): CachedChannel | undefined {
  const pinned = call.caller.pinnedChannelId;
  if (pinned !== null) {
    const channel = tried.has(pinned) ? undefined : services.channels.channel(pinned);
    if (!channel && tried.size === 0) {
      throw new RelayError(
        fill(messages.relay.channelNotFound, { id: pinned }),
        403,
        'channel_not_found',
        'permission_error',
      );
    }
    return channel;
  }
  return selectChannel(services.channels.tiers(call.caller.group, call.body.model), tried, services.breaker);
}

/** Usage counted by the gateway, for an upstream that reported none. */
async function locallyCountedUsage(call: RelayCall, outcome: AttemptOutcome): Promise<Usage> {
  const [promptTokens, completionTokens] = await Promise.all([
    call.body.json ? countPromptTokens(call.body.json) : 0,
    outcome.localCompletionTokens,
  ]);
  return { promptTokens, completionTokens };
}

/**
 * One relayed call: price → reserve → attempts (each on a channel not tried before, highest tier
 * first, at most RetryTimes retries) → settle and log, journaled before the answer completes; a call
 * that fails in the end is refunded.
 */
export async function relayCall(context: AppContext, services: RelayServices, call: RelayCall): Promise<void> {
  const started = Date.now();
  const { caller, body } = call;
  if (!body.model) throw invalidRequest(messages.relay.modelRequired, 'model_required');
  checkModelAllowed(caller, body.model);
  const price = priceOf(context.options, body.model, caller.group, caller.user.acceptsUnpricedModels);
  if (!price) {
    throw invalidRequest(fill(messages.relay.unpriced, { model: body.model }), 'model_price_error');
  }
  const wordCheck = refuseSensitivePrompt(services.sensitiveWords, body);
  if (wordCheck) await wordCheck;
  call.trace.model = body.model;
  const quotaPerUnit = context.options.number('QuotaPerUnit');
  const estimate = promptEstimate(body, call.endpoint.kind);
  const maxTokens = body.maxTokens ?? context.options.number('PreConsumedQuota');
  const heldTokens = services.limits.applies(caller) ? await services.limits.admit(caller, estimate) : 0;
  let funding: CallFunding;
  try {
    const admitted = admitFundedCall(context, caller, reserveFor(price, estimate, maxTokens, quotaPerUnit));
    // Awaited only when pending: an await costs the common call a turn of the microtask queue.
    funding = admitted instanceof Promise ? await admitted : admitted;
  } catch (error) {
    await services.limits.released(caller, heldTokens);
    throw error;
  }

  const tried = new Set<number>();
  const answer = new HeldAnswer(call.sink);
  const attempts = caller.pinnedChannelId === null ? Math.max(0, context.options.number('RetryTimes')) + 1 : 1;
  const affinityMatch = affinityMatchOf(services, call);
  // Awaited only when a rule matched: an await costs the common call a turn of the microtask queue.
  const affinity = affinityMatch ? await followAffinity(services, call, affinityMatch) : null;
  let lastError: RelayError | undefined;
  for (let attempt = 0; attempt < attempts && !call.signal.aborted; attempt += 1) {
    let channel = attempt === 0 && affinity?.channel ? affinity.channel : pickChannel(services, call, tried);
    // A channel at its cap is passed over like one already tried; it costs no attempt.
    while (channel?.caps && !(await services.limits.enterChannel(channel, call.requestId))) {
      tried.add(channel.id);
      channel = pickChannel(services, call, tried);
    }
    if (!channel) break;
    tried.add(channel.id);
    call.trace.channelId = channel.id;
    let used = channel;
    try {
      if (channel.multiKey) used = await chooseKey(context.counters, channel);
      const upstreamModel = mapModel(channel.modelMapping, body.model);
      const outcome = await sendAttempt(services.agent, {
        channel: used,
        endpoint: call.endpoint,
        dialect: call.dialect,
        body,
        contentType: call.contentType,
        clientHeaders: call.clientHeaders,
        upstreamModel,
        settings: services.adapterSettings.current,
        outbound: services.outbound,
        signal: call.signal,
        sink: answer,
        guard: completionGuardOf(context, services.sensitiveWords),
        passHeaders: affinity?.match.compiled.passHeaders,
      });
      services.breaker.succeeded(channel.id);
      if (affinity) affinity.succeeded(services, channel.id, tried);
      await context.background.track(
        finish(context, services, call, {
          price,
          funding,
          heldTokens,
          channel: used,
          upstreamModel,
          outcome,
          tried,
          started,
          quotaPerUnit,
          affinity,
        }),
      );
      await ledgerOf(context).durable();
      answer.complete();
      return;
    } catch (error) {
      if (!(error instanceof RelayError)) {
        await Promise.all([releaseFundedCall(context, caller, funding), services.limits.released(caller, heldTokens)]);
        throw error;
      }
      lastError = error;
      if (error.code === 'client_gone') break;
      services.metrics?.upstreamFailed(channel.id, error.code);
      // A request the channel cannot serve (refused before any upstream call) is not the channel's failure.
      if (error instanceof UpstreamError || error.retryable) services.breaker.failed(channel.id);
      await disableIfRefused(context, used, error).catch(() => undefined);
      if (!error.retryable || affinity?.keepsTo(channel)) break;
    } finally {
      if (channel.caps) await services.limits.leaveChannel(channel, call.requestId);
    }
  }
  await Promise.all([releaseFundedCall(context, caller, funding), services.limits.released(caller, heldTokens)]);
  throw lastError ?? noChannelFor(body.model, caller.group);
}

interface Finished {
  price: Price;
  /** the wallet's reservation, or the subscription's hold that pays the call */
  funding: CallFunding;
  /** prompt tokens held in the tokens-per-minute windows at admission */
  heldTokens: number;
  channel: CachedChannel;
  upstreamModel: string;
  outcome: AttemptOutcome;
  tried: Set<number>;
  started: number;
  quotaPerUnit: number;
  affinity: CallAffinity | null;
}

async function finish(
  context: AppContext,
  services: RelayServices,
  call: RelayCall,
  finished: Finished,
): Promise<void> {
  const { caller, body } = call;
  const countedLocally = finished.outcome.usage === null;
  // Awaited only without upstream usage: an await costs the common call a turn of the microtask queue.
  const usage = finished.outcome.usage ?? (await locallyCountedUsage(call, finished.outcome));
  const quota = quotaFor(finished.price, usage, finished.quotaPerUnit);
  if (finished.affinity)
    void services.affinity.observeUsage(finished.affinity.match, usage, call.dialect.name === 'anthropic');
  services.metrics?.billed(
    call.endpoint.kind,
    body.model,
    usage.promptTokens,
    usage.completionTokens,
    quota,
    finished.outcome.firstByteMs,
  );
  if (finished.channel.caps || services.limits.applies(caller)) {
    await services.limits.succeeded(
      caller,
      finished.channel,
      usage.promptTokens + usage.completionTokens,
      finished.heldTokens,
    );
  }
  const now = Math.floor(Date.now() / 1000);
  const unpriced = finished.price.unpriced;
  const log: LogEntry | null = context.options.boolean('LogConsumeEnabled')
    ? {
        user_id: caller.user.id,
        created_at: now,
        type: LogType.Consumption,
        content: unpriced ? unpricedLogContent[unpriced] : '',
        username: caller.user.username,
        token_name: caller.token?.name ?? '',
        token_id: caller.token?.id ?? 0,
        model_name: body.model,
        quota,
        prompt_tokens: usage.promptTokens,
        completion_tokens: usage.completionTokens,
        use_time: Math.round((Date.now() - finished.started) / 1000),
        is_stream: body.stream ? 1 : 0,
        channel_id: finished.channel.id,
        channel_name: finished.channel.name,
        group: caller.group,
        request_id: call.requestId,
        other: consumptionOther(finished.price, {
          cacheTokens: usage.cachedTokens ?? 0,
          cacheCreationTokens: usage.cacheWriteTokens ?? 0,
          frt: finished.outcome.firstByteMs === null ? -1 : Math.round(finished.outcome.firstByteMs),
          upstreamModel: finished.upstreamModel,
          requestedModel: body.model,
          localCountTokens: countedLocally,
          streamInterrupted: finished.outcome.interrupted,
          triedChannels: finished.tried,
          multiKeyIndex: finished.channel.keyIndex,
          affinity: finished.affinity?.adminInfo(finished.channel.id),
        }),
      }
    : null;
  const roll: RollEntry | null = context.options.boolean('DataExportEnabled')
    ? {
        userId: caller.user.id,
        username: caller.user.username,
        model: body.model,
        createdAt: now,
        tokens: usage.promptTokens + usage.completionTokens,
        quota,
      }
    : null;
  // The ledger journals row, usage and charge together.
  await ledgerOf(context).settle({
    userId: caller.user.id,
    tokenId: spendingTokenId(caller),
    usageTokenId: caller.token?.id ?? 0,
    channelId: finished.channel.id,
    reserved: finished.funding.reserved,
    quota,
    log,
    roll,
    ...(finished.funding.subscription ? { walletQuota: 0 } : {}),
  });
  if (finished.funding.subscription) await subscriptionBookOf(context).settle(finished.funding.subscription, quota);
  quotaWarningsOf(context).afterSettlement(caller.user.id);
}
