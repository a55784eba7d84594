import { ChannelType } from '@switchboard/contract';
import type { Selectable } from 'kysely';
import type { ChannelsTable } from '../db/tables/channels';
import type { OptionStore } from '../platform/option-store';
import { scrubSecrets } from './secret-scrub';

/**
 * What an upstream said about a failed call, as far as the disabling rule may look at it: its status
 * and the machine-readable fields of its error body. Never the message, which may echo the caller.
 */
export interface UpstreamFailure {
  /** the status the upstream answered (0: it never answered) */
  upstreamStatus: number;
  /** the error's code (OpenAI `error.code`, Gemini `error.status`, a vendor's code) */
  code: string;
  /** the error's type (OpenAI and Anthropic `error.type`), '' when none */
  type: string;
  /** the channel's type: 403 takes out Gemini channels only */
  channelType: number;
}

/**
 * Error codes and types by which an upstream says the key itself is refused, spent or without rights
 * (reference notes §2.4, V06; OpenAI, Anthropic and Google spellings).
 */
const DISABLING_CODES = new Set([
  'invalid_api_key',
  'account_deactivated',
  'billing_not_active',
  'insufficient_quota',
  'insufficient_user_quota',
  'authentication_error',
  'permission_error',
  'forbidden',
  'PERMISSION_DENIED',
  'API_KEY_INVALID',
]);

/** Longest upstream message kept in a stored disable reason. */
const REASON_MESSAGE_LIMIT = 200;

let parsedCodes: { text: string; ranges: Array<[number, number]> } = { text: '', ranges: [] };

/** AutomaticDisableStatusCodes ("401", "401,403,500-599"), parsed again only when the option changes. */
function disablingStatusRanges(options: OptionStore): Array<[number, number]> {
  const text = options.string('AutomaticDisableStatusCodes');
  if (text !== parsedCodes.text) {
    const ranges = text.split(',').flatMap((part): Array<[number, number]> => {
      const [low, high = low] = part.split('-').map((value) => Number(value.trim()));
      return Number.isInteger(low) && Number.isInteger(high) ? [[low!, high!]] : [];
    });
    parsedCodes = { text, ranges };
  }
  return parsedCodes.ranges;
}

/** Whether the monitoring options and the channel's own auto-ban flag allow disabling it automatically. */
export const mayDisableAutomatically = (options: OptionStore, autoBan: boolean): boolean =>
  autoBan && options.boolean('AutomaticDisableChannelEnabled');

/**
 * Whether an upstream failure takes its channel out: the upstream's status is one of
 * AutomaticDisableStatusCodes (default 401), or 403 on a Gemini channel, or its error code or type says
 * the key is refused or spent (e.g. `invalid_api_key`, `insufficient_quota` also on a 429). The message
 * text never decides: an upstream may echo what the caller wrote (AutomaticDisableKeywords is not used).
 */
export function isDisablingFailure(options: OptionStore, failure: UpstreamFailure): boolean {
  const status = failure.upstreamStatus;
  if (status <= 0) return false;
  if (disablingStatusRanges(options).some(([low, high]) => status >= low && status <= high)) return true;
  if (status === 403 && failure.channelType === ChannelType.Gemini) return true;
  return DISABLING_CODES.has(failure.code) || DISABLING_CODES.has(failure.type);
}

/**
 * The reason stored and sent to root: what decided (status, type, code), then the upstream's message,
 * scrubbed of credentials and clipped. `message` must already be scrubbed of the channel's own key.
 */
export function disableReasonOf(failure: UpstreamFailure, message: string): string {
  const labels = [...new Set([failure.type, failure.code].filter(Boolean))].join(', ');
  const decided = `upstream HTTP ${failure.upstreamStatus}${labels ? ` (${labels})` : ''}`;
  const text = scrubSecrets(message).trim();
  if (!text) return decided;
  return `${decided}: ${text.length > REASON_MESSAGE_LIMIT ? `${text.slice(0, REASON_MESSAGE_LIMIT)}…` : text}`;
}

/** What a channel test found: the console records it and applies the monitoring options to it. */
export interface ChannelTestResult {
  success: boolean;
  /** the upstream's error message when it failed, without the channel's key or anything shaped like a credential */
  message: string;
  /** milliseconds the upstream took */
  timeMs: number;
  model: string;
  /** the upstream's status when it answered with an error */
  status: number;
  /** the status the upstream itself answered (0: it never answered) */
  upstreamStatus: number;
  /** what the upstream said about the channel when it answered an error (what automatic disabling reads) */
  failure: UpstreamFailure | null;
}

/**
 * Sends a channel's test call (through the relay's provider adapters, with the current adapter
 * options) and reports what it found: handed to the console by the code that assembles both halves.
 */
export type ChannelTester = (channel: Selectable<ChannelsTable>, model?: string) => Promise<ChannelTestResult>;
