import { vi } from 'vitest';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

type Reply = { status?: number; body: unknown } | Error;
type Responder = (request: RecordedRequest) => Reply | Promise<Reply>;

/** Replaces `fetch` with a responder and records every request it sees. */
export function mockFetch(responder: Responder): RecordedRequest[] {
  const requests: RecordedRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const request: RecordedRequest = {
        url: String(input),
        method: init.method ?? 'GET',
        headers: new Headers(init.headers),
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      requests.push(request);
      const reply = await responder(request);
      if (reply instanceof Error) throw reply;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status ?? 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return requests;
}

/** `{success:true, message:'', data}`, with any fields the reply carries beside `data` (a plain list's paging). */
export const ok = (data?: unknown, beside: Record<string, unknown> = {}) => ({
  body: { success: true, message: '', data, ...beside },
});
