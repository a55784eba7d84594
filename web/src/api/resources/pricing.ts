import { USER_ID_HEADER, type PricingReply } from '@switchboard/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../api-error';
import { storedUserId } from '../session';
import { currentLanguage } from '../../i18n';

/**
 * `GET /api/pricing` keeps `group_ratio` and `usable_group` beside `data`, which the shared client
 * drops when it unwraps the envelope; this call reads the whole reply. Visitors see it too.
 */
export async function fetchPricing(): Promise<PricingReply> {
  const response = await fetch('/api/pricing', {
    headers: { Accept: 'application/json', 'Accept-Language': currentLanguage(), [USER_ID_HEADER]: String(storedUserId()) },
    credentials: 'same-origin',
    cache: 'no-store',
  });
  const reply = (await response.json()) as PricingReply;
  if (!response.ok || !reply.success) throw new ApiError(reply.message || `HTTP ${response.status}`, 'http', response.status);
  return reply;
}

export function usePricing() {
  return useQuery({ queryKey: ['pricing'], queryFn: fetchPricing });
}
