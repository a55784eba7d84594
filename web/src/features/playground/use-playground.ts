import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatStreamError } from './chat-stream';
import {
  playgroundRequestOf,
  withError,
  type PlaygroundMessage,
  type PlaygroundSettings,
} from './playground-conversation';
import { streamPlaygroundChat } from './playground-request';

let nextId = 0;
const newId = () => `message-${++nextId}`;

/** The conversation of the playground: send a question, stream the answer, stop it, ask again, clear the context. */
export function usePlayground(settings: PlaygroundSettings) {
  const { t } = useTranslation('playground');
  const [messages, setMessages] = useState<PlaygroundMessage[]>([]);
  const controller = useRef<AbortController | null>(null);
  const busy = messages.some((message) => message.status === 'loading' || message.status === 'incomplete');

  useEffect(() => () => controller.current?.abort(), []);

  const errorText = useCallback(
    (error: unknown): string => {
      if (error instanceof ChatStreamError) {
        if (error.kind === 'network') return t('errors.network');
        if (error.kind === 'interrupted') return t('errors.interrupted');
        return error.message;
      }
      return error instanceof Error ? error.message : String(error);
    },
    [t],
  );

  /** Streams a new answer to `history` (which ends with the question). */
  const answer = useCallback(
    async (history: PlaygroundMessage[]) => {
      const answer: PlaygroundMessage = { id: newId(), role: 'assistant', content: '', status: 'loading' };
      setMessages([...history, answer]);
      const update = (change: (message: PlaygroundMessage) => PlaygroundMessage) =>
        setMessages((current) => current.map((message) => (message.id === answer.id ? change(message) : message)));

      const abort = new AbortController();
      controller.current = abort;
      try {
        await streamPlaygroundChat(playgroundRequestOf(settings, history), {
          signal: abort.signal,
          onDelta: (delta) =>
            update((message) => ({ ...message, content: message.content + delta, status: 'incomplete' })),
        });
        update((message) => ({ ...message, status: 'complete' }));
      } catch (error) {
        if (abort.signal.aborted) return;
        update((message) => ({ ...message, content: withError(message.content, errorText(error)), status: 'error' }));
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [settings, errorText],
  );

  const send = useCallback(
    async (text: string) => {
      if (busy || text.trim() === '') return;
      await answer([...messages, { id: newId(), role: 'user', content: text.trim(), status: 'complete' }]);
    },
    [busy, messages, answer],
  );

  /** Asks the last question again, in place of the answer it got. */
  const regenerate = useCallback(async () => {
    const lastQuestion = messages.findLastIndex((message) => message.role === 'user');
    if (busy || lastQuestion < 0) return;
    await answer(messages.slice(0, lastQuestion + 1));
  }, [busy, messages, answer]);

  /**
   * Stops the answer that is arriving: what arrived so far stays as a finished answer; an answer that had
   * not started says it was stopped and is left out of the next request, like a failed one.
   */
  const stop = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setMessages((current) =>
      current.map((message) =>
        message.status === 'loading' || message.status === 'incomplete'
          ? message.content === ''
            ? { ...message, content: t('states.stopped'), status: 'error' }
            : { ...message, status: 'complete' }
          : message,
      ),
    );
  }, [t]);

  const clear = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setMessages([]);
  }, []);

  return { messages, busy, send, regenerate, stop, clear };
}
