import type { PricingReply } from '@switchboard/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../http-client';

export const PRICING_QUERY_KEY = ['pricing'] as const;

/**
 * `GET /api/pricing` keeps `group_ratio` and `usable_group` beside `data`; the whole reply is read.
 * Visitors see it too; quiet, as before: the table stays empty when it cannot be read.
 */
export async function fetchPricing(): Promise<PricingReply> {
  return (await apiRequest<PricingReply['data']>('GET', '/api/pricing', { quiet: true })) as PricingReply;
}

export function usePricing() {
  return useQuery({ queryKey: PRICING_QUERY_KEY, queryFn: fetchPricing });
}
