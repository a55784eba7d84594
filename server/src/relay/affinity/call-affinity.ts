import type { CachedChannel } from '../caches/channel-index';
import type { RelayServices } from '../relay-services';
import type { RelayCall } from '../pipeline';
import type { AffinityMatch } from './affinity-match';

/**
 * Channel affinity within one call: the rule it matched, and the remembered channel when that can serve
 * it (tried first). A failure on that channel is not retried elsewhere when the rule says so; a
 * success remembers the channel that answered (switch_on_success) or the one tried first.
 */
export class CallAffinity {
  constructor(
    readonly match: AffinityMatch,
    /** the remembered channel, when it can serve the call */
    readonly channel: CachedChannel | null,
  ) {}

  /** Whether a failure on `channel` ends the call: it came from affinity and the rule skips retries. */
  keepsTo(channel: CachedChannel): boolean {
    return this.channel !== null && channel.id === this.channel.id && this.match.rule.skip_retry_on_failure === true;
  }

  succeeded(services: RelayServices, channelId: number, tried: Iterable<number>): void {
    const first = tried[Symbol.iterator]().next().value ?? channelId;
    const remembered = services.affinity.settings.current().switchOnSuccess ? channelId : first;
    void services.affinity.remember(this.match, remembered);
  }

  /** The log's `admin_info.channel_affinity`, when the call went to the remembered channel (as JSON text). */
  adminInfo(channelId: number): string | undefined {
    if (!this.channel || this.channel.id !== channelId) return undefined;
    const { match } = this;
    return JSON.stringify({
      reason: match.rule.name,
      rule_name: match.rule.name,
      using_group: match.usingGroup,
      selected_group: match.usingGroup,
      model: match.model,
      request_path: match.path,
      channel_id: channelId,
      key_source: match.source.type,
      key_key: match.source.key ?? '',
      key_path: match.source.path ?? '',
      key_hint: match.hint,
      key_fp: match.fingerprint,
    });
  }
}

/** The rule a call matched: null (the common case, at the cost of a few pattern tests) unless one did. */
export const affinityMatchOf = (services: RelayServices, call: RelayCall): AffinityMatch | null =>
  call.caller.pinnedChannelId === null
    ? services.affinity.match({
        model: call.body.model,
        path: call.endpoint.path,
        headers: call.clientHeaders,
        json: call.body.json,
        caller: call.caller,
      })
    : null;

/** The call's affinity once a rule matched: the remembered channel, when it can serve the call. */
export async function followAffinity(
  services: RelayServices,
  call: RelayCall,
  match: AffinityMatch,
): Promise<CallAffinity> {
  const remembered = await services.affinity.lookup(match);
  const channel =
    remembered === null
      ? null
      : services.affinity.usable(match, remembered, services.channels.tiers(call.caller.group, call.body.model));
  return new CallAffinity(match, channel);
}
