import { pageOfPlainList, type PageData } from '@switchboard/contract';
import { apiRequest, type QueryValue } from './http-client';

/**
 * A list the server pages as the reference does for channels, tokens, drawings and tasks: `p` counts
 * from 0 and `data` is the plain list (page and total beside it). `page` is the table's page, from 1.
 */
export async function fetchZeroBasedList<T>(
  path: string,
  page: number,
  query: Record<string, QueryValue>,
): Promise<PageData<T>> {
  const reply = await apiRequest<T[]>('GET', path, { query: { ...query, p: Math.max(page - 1, 0) } });
  return { ...pageOfPlainList(reply), page };
}
