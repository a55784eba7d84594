import { useEffect, useRef } from 'react';

const SCRIPT_URL = 'https://telegram.org/js/telegram-widget.js?22';

export interface TelegramUser {
  id: number;
  first_name?: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: number;
  hash: string;
}

let callbackCounter = 0;

/** Every field of the widget's user as query text, for the server's signature check. */
export function telegramFields(user: TelegramUser): Record<string, string> {
  return Object.fromEntries(
    Object.entries(user)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, String(value)]),
  );
}

/** Telegram's login widget for the administrator's bot; `onAuth` receives the signed user data. */
export function TelegramWidget({ botName, onAuth }: { botName: string; onAuth: (user: TelegramUser) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const handler = useRef(onAuth);
  handler.current = onAuth;
  useEffect(() => {
    const element = container.current;
    if (!element || !botName) return undefined;
    callbackCounter += 1;
    const name = `switchboardTelegramAuth${callbackCounter}`;
    (window as unknown as Record<string, unknown>)[name] = (user: TelegramUser) => handler.current(user);
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.setAttribute('data-telegram-login', botName);
    script.setAttribute('data-size', 'medium');
    script.setAttribute('data-request-access', 'write');
    script.setAttribute('data-onauth', `${name}(user)`);
    element.appendChild(script);
    return () => {
      element.replaceChildren();
      delete (window as unknown as Record<string, unknown>)[name];
    };
  }, [botName]);
  return <div ref={container} />;
}
