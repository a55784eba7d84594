import { TokenStatus } from '@switchboard/contract';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/feedback';
import { changeLanguage } from '../../i18n';
import { mockFetch, ok } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import { signedInUser, tokenView } from '../../testing/token-fixtures';
import ChatPage from './chat-page';
import { NO_TOKEN_REDIRECT_MS } from './use-chat-target';

const routes = [
  { path: '/chat/:id?', element: <ChatPage /> },
  { path: '/token', element: <p>token list</p> },
];
const chats = [
  { First: 'https://first.example/?key={key}&url={address}' },
  { Second: 'https://second.example/#{key}' },
];
const listOf = (tokens: unknown[]) => () => ok(tokens, { page: 0, page_size: 100, total: tokens.length });

describe('chat entry', () => {
  // happy-dom does not load frames: it prints a NotSupportedError for each chat frame, harmlessly.
  beforeEach(() => changeLanguage('en'));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('opens the id-th link with the first enabled token, asking for 100 tokens', async () => {
    const requests = mockFetch(
      listOf([tokenView({ key: 'd'.repeat(48), status: TokenStatus.Disabled }), tokenView({ key: 'e'.repeat(48) })]),
    );
    renderApp(routes, {
      path: '/chat/1',
      user: signedInUser,
      status: { chats, server_address: 'https://api.example.com' },
    });
    const frame = (await screen.findByTestId('chat-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(`https://second.example/#sk-${'e'.repeat(48)}`);
    expect(requests[0]?.url).toBe('/api/token/?size=100&p=0');
  });

  it('uses the first link when no id is given', async () => {
    mockFetch(listOf([tokenView({ key: 'e'.repeat(48) })]));
    renderApp(routes, { path: '/chat', user: signedInUser, status: { chats, server_address: '' } });
    const frame = (await screen.findByTestId('chat-frame')) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(
      `https://first.example/?key=sk-${'e'.repeat(48)}&url=${encodeURIComponent(window.location.origin)}`,
    );
  });

  it('without an enabled token says so and moves to /token after 1.5 s', async () => {
    mockFetch(listOf([tokenView({ status: TokenStatus.Expired })]));
    const error = vi.spyOn(toast, 'error');
    const { router } = renderApp(routes, { path: '/chat/0', user: signedInUser, status: { chats } });
    expect(await screen.findByTestId('chat-no-token')).toBeTruthy();
    expect(error).toHaveBeenCalledWith('No enabled token available: create or enable one on the token page first');
    expect(router.state.location.pathname).toBe('/chat/0');
    expect(await screen.findByText('token list', {}, { timeout: NO_TOKEN_REDIRECT_MS + 1000 })).toBeTruthy();
  });

  it('explains a missing or broken configuration without asking for tokens', async () => {
    const requests = mockFetch(listOf([]));
    renderApp(routes, { path: '/chat/0', user: signedInUser, status: { chats: [], chat_link: '', chat_link2: '' } });
    expect((await screen.findByTestId('chat-not-configured')).textContent).toContain(
      'Please contact the administrator to configure chat links',
    );
    expect(requests).toHaveLength(0);
  });

  it('calls a wrong configuration an error, and a missing number missing', async () => {
    mockFetch(listOf([]));
    const view = renderApp(routes, { path: '/chat/0', user: signedInUser, status: { chats: { not: 'a list' } } });
    expect((await screen.findByTestId('chat-invalid')).textContent).toContain('Chat link configuration error');
    view.unmount();
    renderApp(routes, { path: '/chat/5', user: signedInUser, status: { chats } });
    expect((await screen.findByTestId('chat-missing')).textContent).toContain('There is no chat link number 6');
  });

  it('neither frames nor follows a stored javascript: link', async () => {
    mockFetch(listOf([tokenView({ key: 'e'.repeat(48) })]));
    renderApp(routes, {
      path: '/chat/0',
      user: signedInUser,
      status: { chats: [{ Evil: 'javascript:alert("{key}")' }] },
    });
    expect((await screen.findByTestId('chat-unsafe')).textContent).toContain('This chat link uses an unsafe scheme');
    expect(screen.queryByTestId('chat-frame')).toBeNull();
    expect(window.location.href).not.toContain('javascript:');
  });
});
