import type { AppContext } from '../app-context';
import {
  disableReasonOf,
  isDisablingFailure,
  mayDisableAutomatically,
  type UpstreamFailure,
} from '../domain/channel-health';
import { disableAutomatically } from '../domain/channel-status';
import type { CachedChannel } from './caches/channel-index';
import { UpstreamError, type RelayError } from './relay-error';

/** What the disabling rule (domain/channel-health) reads of an upstream's error: status, code and type. */
export const upstreamFailureOf = (error: UpstreamError, channelType: number): UpstreamFailure => ({
  upstreamStatus: error.upstreamStatus,
  code: error.code,
  type: error.upstreamType,
  channelType,
});

/**
 * Disables the channel of a failed attempt when the monitoring options and its auto-ban allow it and
 * the upstream's status, code or type says its key is refused or spent. `error` is already scrubbed.
 * On a multi-key channel only the key in use is disabled, and the channel with its last key.
 */
export async function disableIfRefused(context: AppContext, channel: CachedChannel, error: RelayError): Promise<void> {
  if (!(error instanceof UpstreamError) || !mayDisableAutomatically(context.options, channel.autoBan)) return;
  const failure = upstreamFailureOf(error, channel.type);
  if (!isDisablingFailure(context.options, failure)) return;
  await disableAutomatically(context, channel, channel.keyIndex, disableReasonOf(failure, error.text.en));
}
