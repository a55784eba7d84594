import type { AppContext } from '../app-context';
import type { OptionKey } from '@switchboard/contract';

const MINUTE_MS = 60_000;

/**
 * A job's interval in milliseconds from an environment variable in minutes (which wins when set) or
 * else the option of the same meaning; 0 keeps the job off.
 */
export function minutesInterval(
  context: AppContext,
  environmentMinutes: number | undefined,
  option: OptionKey,
): () => number {
  return () => Math.round((environmentMinutes ?? context.options.number(option)) * MINUTE_MS);
}
