import { USER_ID_HEADER } from '@switchboard/contract';
import { storedUserId } from '../../api/session';
import { currentLanguage } from '../../i18n';
import { ChatStreamError, errorMessageOf, readChatStream } from './chat-stream';

export const PLAYGROUND_PATH = '/pg/chat/completions';

export interface PlaygroundRequest {
  messages: Array<{ role: 'system' | 'user' | 'assistant'; content: string }>;
  stream: true;
  model: string;
  group: string;
  max_tokens?: number;
  temperature: number;
}

async function failureOf(response: Response): Promise<ChatStreamError> {
  const text = await response.text().catch(() => '');
  let message: string | null = null;
  try {
    message = errorMessageOf(JSON.parse(text) as unknown);
  } catch {
    message = text.trim() || null;
  }
  return new ChatStreamError('http', message ?? `HTTP ${response.status}`);
}

/**
 * Sends a playground chat as the signed-in user (session cookie and user-id header) and streams the
 * answer into `onDelta`. A JSON reply instead of a stream is read as one whole answer or an error.
 */
export async function streamPlaygroundChat(
  request: PlaygroundRequest,
  options: { signal: AbortSignal; onDelta: (text: string) => void },
): Promise<void> {
  let response: Response;
  try {
    response = await fetch(PLAYGROUND_PATH, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'text/event-stream',
        'Accept-Language': currentLanguage(),
        [USER_ID_HEADER]: String(storedUserId()),
      },
      body: JSON.stringify(request),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal.aborted) throw error;
    throw new ChatStreamError('network', error instanceof Error ? error.message : String(error));
  }
  if (!response.ok) throw await failureOf(response);
  if (!response.body) throw new ChatStreamError('interrupted', 'the reply has no body');
  if ((response.headers.get('content-type') ?? '').includes('application/json')) {
    const text = await response.text();
    const message = errorMessageOf(safeParse(text));
    if (message !== null) throw new ChatStreamError('upstream', message);
    const whole = wholeAnswerOf(text);
    if (whole !== '') options.onDelta(whole);
    return;
  }
  await readChatStream(response.body, options.onDelta);
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** `choices[0].message.content` of a non-stream completion. */
function wholeAnswerOf(text: string): string {
  const reply = safeParse(text) as { choices?: Array<{ message?: { content?: unknown } }> } | null;
  const content = reply?.choices?.[0]?.message?.content;
  return typeof content === 'string' ? content : '';
}
