import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChatStreamError } from './chat-stream';
import { playgroundRequestOf, withError, type PlaygroundMessage, type PlaygroundSettings } from './playground-conversation';
import { streamPlaygroundChat } from './playground-request';

let nextId = 0;
const newId = () => `message-${++nextId}`;

/** The conversation of the playground: send a question, stream the answer, clear the context. */
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

  const send = useCallback(
    async (text: string) => {
      if (busy || text.trim() === '') return;
      const question: PlaygroundMessage = { id: newId(), role: 'user', content: text.trim(), status: 'complete' };
      const answer: PlaygroundMessage = { id: newId(), role: 'assistant', content: '', status: 'loading' };
      const history = [...messages, question];
      setMessages([...history, answer]);
      const update = (change: (message: PlaygroundMessage) => PlaygroundMessage) =>
        setMessages((current) => current.map((message) => (message.id === answer.id ? change(message) : message)));

      const abort = new AbortController();
      controller.current = abort;
      try {
        await streamPlaygroundChat(playgroundRequestOf(settings, history), {
          signal: abort.signal,
          onDelta: (delta) => update((message) => ({ ...message, content: message.content + delta, status: 'incomplete' })),
        });
        update((message) => ({ ...message, status: 'complete' }));
      } catch (error) {
        if (abort.signal.aborted) return;
        update((message) => ({ ...message, content: withError(message.content, errorText(error)), status: 'error' }));
      } finally {
        if (controller.current === abort) controller.current = null;
      }
    },
    [busy, messages, settings, errorText],
  );

  const clear = useCallback(() => {
    controller.current?.abort();
    controller.current = null;
    setMessages([]);
  }, []);

  return { messages, busy, send, clear };
}
