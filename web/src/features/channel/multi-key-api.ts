import type { MultiKeyAction, MultiKeyStatusPage } from '@switchboard/contract';
import { apiRequest } from '../../api/http-client';

export interface MultiKeyStatusQuery {
  page: number;
  pageSize: number;
  /** 1 enabled, 2 disabled by hand, 3 disabled automatically; null every key */
  status: number | null;
}

/** `POST /api/channel/multi_key/manage` with `get_key_status`: one page of a multi-key channel's keys. */
export async function fetchKeyStatus(channelId: number, query: MultiKeyStatusQuery): Promise<MultiKeyStatusPage> {
  const body = { channel_id: channelId, action: 'get_key_status', page: query.page, page_size: query.pageSize, ...(query.status === null ? {} : { status: query.status }) };
  return (await apiRequest<MultiKeyStatusPage>('POST', '/api/channel/multi_key/manage', { body })).data;
}

/** Any other action; answers the server's (localised) message. */
export async function manageKeys(channelId: number, action: Exclude<MultiKeyAction, 'get_key_status'>, keyIndex?: number): Promise<string> {
  const body = { channel_id: channelId, action, ...(keyIndex === undefined ? {} : { key_index: keyIndex }) };
  return (await apiRequest<unknown>('POST', '/api/channel/multi_key/manage', { body })).message;
}
