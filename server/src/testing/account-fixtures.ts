import type { ApiEnvelope } from '@switchboard/contract';
import type { OptionKey } from '@switchboard/contract';
import { CookieJar } from './cookie-jar';
import { MailCatcher } from './mail-catcher';
import type { TestServer } from './test-server';

export interface Reply<T> extends ApiEnvelope<T> {
  status: number;
}

/**
 * A client that behaves like one browser: it keeps the cookies the server sets and, once signed in,
 * sends the `New-Api-User` header.
 */
export class BrowserClient {
  userId = -1;

  constructor(
    private readonly server: TestServer,
    private readonly language: 'en' | 'zh' = 'en',
    private readonly cookies = new CookieJar(),
  ) {}

  /** The same browser (same cookies, same user) talking to another instance. */
  on(server: TestServer): BrowserClient {
    const other = new BrowserClient(server, this.language, this.cookies);
    other.userId = this.userId;
    return other;
  }

  async send<T = unknown>(method: string, path: string, body?: unknown): Promise<Reply<T>> {
    const headers: Record<string, string> = { 'accept-language': this.language, 'New-Api-User': String(this.userId) };
    const cookie = this.cookies.header();
    if (cookie) headers.cookie = cookie;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await this.server.call(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    this.cookies.keep(response);
    const text = await response.text();
    const parsed = (text ? JSON.parse(text) : {}) as ApiEnvelope<T>;
    return { ...parsed, status: response.status };
  }

  get<T = unknown>(path: string): Promise<Reply<T>> {
    return this.send<T>('GET', path);
  }

  /** Signs in with a password; afterwards the client acts as that user. */
  async signIn(username: string, password: string): Promise<Reply<{ id: number }>> {
    const reply = await this.send<{ id: number }>('POST', '/api/user/login', { username, password });
    if (reply.success && reply.data) this.userId = reply.data.id;
    return reply;
  }

  /** Keeps the id of a user a third-party sign-in answered with. */
  adopt(reply: Reply<unknown>): void {
    const data = reply.data as { id?: number } | undefined;
    if (reply.success && typeof data?.id === 'number') this.userId = data.id;
  }
}

/** Saves options as an administrator would (through the option store, which announces the change). */
export async function setOptions(
  server: TestServer,
  values: Partial<Record<OptionKey, string | number | boolean>>,
): Promise<void> {
  for (const [key, value] of Object.entries(values)) await server.context.options.save(key as OptionKey, String(value));
}

/** A real SMTP server the given test server sends through. */
export async function startMailCatcher(server: TestServer): Promise<MailCatcher> {
  const catcher = await new MailCatcher().start();
  await setOptions(server, {
    SMTPServer: '127.0.0.1',
    SMTPPort: catcher.port,
    SMTPFrom: 'switchboard@example.com',
    SMTPAccount: '',
    SMTPSSLEnabled: false,
  });
  return catcher;
}

/** The 6-character code in a verification mail. */
export function codeIn(body: string): string {
  const match = /<strong>([0-9a-f]{6})<\/strong>/.exec(body);
  if (!match?.[1]) throw new Error(`no code in mail: ${body}`);
  return match[1];
}
