import type { AppContext } from '../../app-context';
import { ledgerOf, LogType, type LogEntry } from '../../ledger/index';
import { quotaWarningsOf } from '../../platform/notify/quota-warnings';
import type { Caller } from '../authenticate';
import { consumptionOther } from '../billing/consumption-other';
import type { Price } from '../../domain/prices';
import { quotaFor } from '../billing/quota';
import type { CallFunding } from '../../ledger/subscriptions/funding';
import { admitFundedCall, billedParties, releaseFundedCall, settleFundedBill } from '../billing/call-admission';
import type { CachedChannel } from '../caches/channel-index';
import type { RelayServices } from '../relay-services';
import type { TurnUsage } from './realtime-frames';
import { turnQuota, type AudioRatios } from './realtime-price';

/** What the session's single consumption log says about it besides its money. */
export interface SessionFacts {
  requestId: string;
  model: string;
  upstreamModel: string;
  channel: CachedChannel;
  tried: Iterable<number>;
  started: number;
  /** ms from the upgrade to the upstream's first event, -1 when none came */
  firstEventMs: number;
  /** the session ended before its last turn was done */
  interrupted: boolean;
  /** some turn was billed from the local estimate */
  countedLocally: boolean;
}

const NOTHING_HELD: CallFunding = Object.freeze({ reserved: 0, subscription: null });

/**
 * Every money call of one realtime session, in one file: admission when the session opens, a charge
 * per finished turn (checked against the user's and the token's balance first, deducted at once and in
 * the durable journal before the turn's `response.done` reaches the client), and at the end one
 * consumption log with the session's totals (plus, for a per-call price, the session's one charge).
 */
export class RealtimeBill {
  private charged = 0;
  private turns = 0;
  private readonly totals = { inputText: 0, inputAudio: 0, cached: 0, outputText: 0, outputAudio: 0 };
  private closed = false;

  private constructor(
    private readonly context: AppContext,
    private readonly services: RelayServices,
    private readonly caller: Caller,
    readonly price: Price,
    readonly audio: AudioRatios,
    /** held at admission (on the wallet or a subscription, by the billing preference): the per-call price, or nothing */
    private funding: CallFunding,
    private readonly heldTokens: number,
  ) {}

  /** Admits a session (rate limits, a balance above zero; a per-call price reserved whole) or throws its RelayError. */
  static async open(
    context: AppContext,
    services: RelayServices,
    caller: Caller,
    price: Price,
    audio: AudioRatios,
  ): Promise<RealtimeBill> {
    const heldTokens = services.limits.applies(caller) ? await services.limits.admit(caller, 0) : 0;
    const upfront =
      price.kind === 'per-call'
        ? quotaFor(price, { promptTokens: 0, completionTokens: 0 }, context.options.number('QuotaPerUnit'))
        : 0;
    try {
      const funding = await admitFundedCall(context, caller, upfront);
      return new RealtimeBill(context, services, caller, price, audio, funding, heldTokens);
    } catch (error) {
      await services.limits.released(caller, heldTokens);
      throw error;
    }
  }

  /** The session never opened upstream: everything held is given back. */
  async abandon(): Promise<void> {
    this.closed = true;
    await Promise.all([
      releaseFundedCall(this.context, this.caller, this.funding),
      this.services.limits.released(this.caller, this.heldTokens),
    ]);
    this.funding = NOTHING_HELD;
  }

  /**
   * Charges one finished turn at once, or throws the RelayError of the balance that cannot cover it
   * (nothing is charged then and the session must end). Resolves once the charge is durable.
   */
  async chargeTurn(usage: TurnUsage, channelId: number): Promise<number> {
    const quota = turnQuota(this.price, this.audio, usage);
    if (quota > 0) {
      // Each turn is admitted on its own: the billing preference picks the wallet or a subscription per turn.
      const funding = await admitFundedCall(this.context, this.caller, quota);
      await settleFundedBill(
        this.context,
        {
          ...billedParties(this.caller, channelId),
          quota,
          requests: this.turns === 0 ? 1 : 0,
          log: null,
          roll: null,
        },
        funding,
      );
    }
    this.turns += 1;
    this.charged += quota;
    for (const key of Object.keys(this.totals) as Array<keyof TurnUsage>) this.totals[key] += usage[key];
    await ledgerOf(this.context).durable();
    if (quota > 0) quotaWarningsOf(this.context).afterSettlement(this.caller.user.id);
    return quota;
  }

  /** Ends the session's billing: a per-call price is charged, the one consumption log is written, the limits counted. */
  async close(facts: SessionFacts): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const { context, caller, price } = this;
    const perCall =
      price.kind === 'per-call'
        ? quotaFor(price, { promptTokens: 0, completionTokens: 0 }, context.options.number('QuotaPerUnit'))
        : 0;
    const quota = this.charged + perCall;
    const promptTokens = this.totals.inputText + this.totals.inputAudio;
    const completionTokens = this.totals.outputText + this.totals.outputAudio;
    const log = context.options.boolean('LogConsumeEnabled')
      ? this.logEntry(facts, quota, promptTokens, completionTokens)
      : null;
    const roll = context.options.boolean('DataExportEnabled')
      ? {
          userId: caller.user.id,
          username: caller.user.username,
          model: facts.model,
          createdAt: Math.floor(Date.now() / 1000),
          tokens: promptTokens + completionTokens,
          quota,
        }
      : null;
    // The turns were charged as they finished: this bill carries the session's one log row, and a per-call price.
    const funding = this.funding;
    this.funding = NOTHING_HELD;
    await settleFundedBill(
      context,
      {
        ...billedParties(caller, facts.channel.id),
        quota: perCall,
        requests: this.turns === 0 ? 1 : 0,
        log,
        roll,
      },
      funding,
    );
    if (facts.channel.caps || this.services.limits.applies(caller)) {
      await this.services.limits.succeeded(caller, facts.channel, promptTokens + completionTokens, this.heldTokens);
    }
    await ledgerOf(context).durable();
  }

  private logEntry(facts: SessionFacts, quota: number, promptTokens: number, completionTokens: number): LogEntry {
    const { caller, price, audio } = this;
    const ratios =
      price.kind === 'per-call'
        ? `按次计费：${price.modelPrice}，分组倍率 ${price.groupRatio}`
        : `模型倍率 ${price.modelRatio}，补全倍率 ${price.completionRatio}，音频倍率 ${audio.audio}，音频补全倍率 ${audio.audioCompletion}，分组倍率 ${price.groupRatio}`;
    const other = consumptionOther(price, {
      cacheTokens: this.totals.cached,
      cacheCreationTokens: 0,
      frt: facts.firstEventMs,
      upstreamModel: facts.upstreamModel,
      requestedModel: facts.model,
      localCountTokens: facts.countedLocally,
      streamInterrupted: facts.interrupted,
      triedChannels: facts.tried,
    });
    const realtime =
      `,"ws":true,"audio":true,"audio_ratio":${audio.audio},"audio_completion_ratio":${audio.audioCompletion}` +
      `,"text_input":${this.totals.inputText},"text_output":${this.totals.outputText}` +
      `,"audio_input":${this.totals.inputAudio},"audio_output":${this.totals.outputAudio},"turns":${this.turns}}`;
    return {
      user_id: caller.user.id,
      created_at: Math.floor(Date.now() / 1000),
      type: LogType.Consumption,
      content: `实时会话 ${this.turns} 轮；${ratios}`,
      username: caller.user.username,
      token_name: caller.token?.name ?? '',
      token_id: caller.token?.id ?? 0,
      model_name: facts.model,
      quota,
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      use_time: Math.round((Date.now() - facts.started) / 1000),
      is_stream: 1,
      channel_id: facts.channel.id,
      channel_name: facts.channel.name,
      group: caller.group,
      request_id: facts.requestId,
      other: `${other.slice(0, -1)}${realtime}`,
    };
  }
}
