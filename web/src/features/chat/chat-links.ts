import { TOKEN_KEY_PREFIX, unsafeLinkScheme, type StatusData } from '@switchboard/contract';

/** One configured chat client: a name and a URL template with {key}, {address} or {cherryConfig}. */
export interface ChatLink {
  name: string;
  template: string;
}

export type ChatLinkConfig = { state: 'ready'; links: ChatLink[] } | { state: 'none' } | { state: 'invalid' };

type ChatLinkStatus = Pick<StatusData, 'chats' | 'chat_link' | 'chat_link2'>;

// The older single links open a ChatGPT-Next-Web style page, which reads its settings from the fragment.
const SETTINGS_FRAGMENT = '/#/?settings={"key":"{key}","url":"{address}"}';
const HAS_PLACEHOLDER = /\{(key|address|cherryConfig)\}/;

function singleLink(name: string, link: string): ChatLink[] {
  const trimmed = link.trim();
  if (trimmed === '') return [];
  return [
    { name, template: HAS_PLACEHOLDER.test(trimmed) ? trimmed : `${trimmed.replace(/\/+$/, '')}${SETTINGS_FRAGMENT}` },
  ];
}

function parseChats(chats: unknown): ChatLink[] | null {
  let value = chats;
  if (typeof value === 'string') {
    if (value.trim() === '') return [];
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      return null;
    }
  }
  if (value === null || value === undefined) return [];
  if (!Array.isArray(value)) return null;
  const links: ChatLink[] = [];
  for (const entry of value) {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) return null;
    const pairs = Object.entries(entry as Record<string, unknown>);
    if (pairs.length === 0) return null;
    for (const [name, template] of pairs) {
      if (typeof template !== 'string' || template.trim() === '' || name.trim() === '') return null;
      links.push({ name, template: template.trim() });
    }
  }
  return links;
}

/**
 * The chat links the administrator configured: `chats` (a list of {name: template}) followed by the
 * older `chat_link` and `chat_link2`. A malformed `chats` makes the whole configuration invalid.
 */
export function chatLinksOf(status: ChatLinkStatus): ChatLinkConfig {
  const chats = parseChats(status.chats);
  if (chats === null) return { state: 'invalid' };
  const links = [
    ...chats,
    ...singleLink('ChatGPT Next Web', status.chat_link ?? ''),
    ...singleLink('ChatGPT Web Midjourney Proxy', status.chat_link2 ?? ''),
  ];
  return links.length === 0 ? { state: 'none' } : { state: 'ready', links };
}

/** The address clients should call: the configured server address, else the console's own origin. */
export function serverAddressOf(serverAddress: string | undefined, origin: string): string {
  return (serverAddress?.trim() || origin).replace(/\/+$/, '');
}

/** Fills a template with a token (stored form, without sk-) and the server address. */
export function fillChatLink(template: string, storedKey: string, address: string): string {
  const apiKey = `${TOKEN_KEY_PREFIX}${storedKey}`;
  // Cherry Studio imports a provider from base64 JSON; "new-api" is the provider id it knows.
  let url = template;
  if (url.includes('{cherryConfig}')) {
    url = url.replaceAll(
      '{cherryConfig}',
      encodeURIComponent(btoa(JSON.stringify({ id: 'new-api', baseUrl: address, apiKey }))),
    );
  }
  return url.replaceAll('{address}', encodeURIComponent(address)).replaceAll('{key}', apiKey);
}

/** Whether a link is a web page (shown in a frame) rather than an app's own scheme. */
export const isWebLink = (url: string): boolean => /^https?:\/\//i.test(url);

/** Whether a filled link may be followed: never a script or local-file scheme, even if one was stored. */
export const isSafeChatLink = (url: string): boolean => unsafeLinkScheme(url) === null;

/** Opens the link in a new tab; false (nothing opened) for an unsafe one. */
export function openChatLink(url: string): boolean {
  if (!isSafeChatLink(url)) return false;
  window.open(url, '_blank', 'noopener,noreferrer');
  return true;
}
