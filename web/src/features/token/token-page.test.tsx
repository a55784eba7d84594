import type { TokenView } from '@switchboard/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/feedback';
import * as clipboard from '../../components/clipboard';
import { mockFetch } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import TokenPage, { selectedTokensText } from './token-page';
import { signedInUser, tokenServer, tokenView } from '../../testing/token-fixtures';
import { eachTestIn } from '../../testing/test-setup';

const routes = [{ path: '/token', element: <TokenPage /> }];

interface TokenServerOptions {
  created?: unknown[];
  /** each masked token's whole key, by id */
  wholeKeys?: Record<number, string>;
}

/** The token page as `signedInUser`, listing `tokens`; the server collects creations in `created`. The requests. */
function openTokenPage(tokens: TokenView[], { created = [], wholeKeys = {} }: TokenServerOptions = {}) {
  const requests = mockFetch(tokenServer(tokens, created, [], wholeKeys));
  renderApp(routes, { path: '/token', user: signedInUser });
  return requests;
}

/** The add drawer, on a page with no tokens whose server collects the creation requests in `created`. */
async function openDrawerRecording(created: unknown[]) {
  openTokenPage([], { created });
  fireEvent.click(await screen.findByTestId('token-add'));
  return screen.findByTestId('token-drawer');
}

describe('token page', () => {
  eachTestIn('en');

  it('warns that tokens are for own use and lists them with their status', async () => {
    openTokenPage([
      tokenView(),
      tokenView({ id: 2, name: 'limited', model_limits_enabled: true }),
      tokenView({ id: 3, name: 'gone', status: 3 }),
    ]);
    expect(await screen.findByText('limited')).toBeTruthy();
    expect(screen.getByText(/for your own use only/)).toBeTruthy();
    const statuses = screen.getAllByTestId('token-status').map((tag) => tag.textContent);
    expect(statuses).toEqual(['Enabled', 'Enabled: model limit', 'Expired']);
    expect(screen.getByText('3 tokens in all')).toBeTruthy();
  });

  it('asks for a selection before copying selected tokens', async () => {
    const warning = vi.spyOn(toast, 'warning');
    openTokenPage([tokenView()]);
    await screen.findByText('first');
    fireEvent.click(screen.getByTestId('token-copy-selected'));
    expect(warning).toHaveBeenCalledWith('Select at least one token first');
  });

  it('copies a row key with sk-', async () => {
    const copy = vi.spyOn(clipboard, 'copyText').mockResolvedValue(true);
    openTokenPage([tokenView()]);
    await screen.findByText('first');
    fireEvent.click(screen.getByTestId('token-copy'));
    await vi.waitFor(() => expect(copy.mock.calls[0]?.[0]).toBe(`sk-${tokenView().key}`));
    expect(copy.mock.calls[0]?.[0]).toMatch(/^sk-[0-9a-zA-Z]{48}$/);
  });

  it('copies the whole key of a masked row through the reveal call, once', async () => {
    const whole = 'w'.repeat(48);
    const copy = vi.spyOn(clipboard, 'copyText').mockResolvedValue(true);
    const requests = openTokenPage([tokenView({ id: 7, key: 'wwww**********wwww' })], { wholeKeys: { 7: whole } });
    await screen.findByText('first');
    fireEvent.click(screen.getByTestId('token-copy'));
    await vi.waitFor(() => expect(copy.mock.calls[0]?.[0]).toBe(`sk-${whole}`));
    fireEvent.click(screen.getByTestId('token-copy'));
    await vi.waitFor(() => expect(copy.mock.calls[1]?.[0]).toBe(`sk-${whole}`));
    expect(requests.filter((request) => request.url === '/api/token/7/key' && request.method === 'POST')).toHaveLength(
      1,
    );
  });

  it('writes the selected tokens one per line, whole keys of masked ones fetched in one batch', async () => {
    const requests = mockFetch(tokenServer([], [], [], { 41: 'm'.repeat(48) }));
    const text = await selectedTokensText([
      tokenView(),
      tokenView({ id: 41, name: 'second', key: 'mmmm**********mmmm' }),
    ]);
    expect(text).toBe(`first\tsk-${tokenView().key}\nsecond\tsk-${'m'.repeat(48)}`);
    expect(requests.map((request) => [request.url, request.body])).toEqual([['/api/token/batch/keys', { ids: [41] }]]);
  });
});

describe('token drawer', () => {
  eachTestIn('en');

  it('fills the quota, quantity and expiry presets', async () => {
    const drawer = await openDrawerRecording([]);
    const quota = within(drawer).getByTestId('token-quota') as HTMLInputElement;
    expect(quota.value).toBe('500000');
    fireEvent.click(within(drawer).getByTestId('token-quota-50000000'));
    expect(quota.value).toBe('50000000');
    expect(within(drawer).getByTestId('token-quota-500000000').textContent).toBe('$1000.00');
    fireEvent.click(within(drawer).getByTestId('token-quantity-30'));
    expect((within(drawer).getByTestId('token-quantity') as HTMLInputElement).value).toBe('30');
    const expiry = within(drawer).getByTestId('token-expiry') as HTMLInputElement;
    expect(expiry.value).toBe('');
    fireEvent.click(within(drawer).getByTestId('token-expiry-day'));
    const inADay = Date.now() / 1000 + 86_400;
    expect(Math.abs(new Date(expiry.value).getTime() / 1000 - inADay)).toBeLessThan(5);
    fireEvent.click(within(drawer).getByTestId('token-expiry-never'));
    expect(expiry.value).toBe('');
  });

  it('refuses to send a token without a name', async () => {
    const created: unknown[] = [];
    const error = vi.spyOn(toast, 'error');
    const drawer = await openDrawerRecording(created);
    fireEvent.click(within(drawer.ownerDocument.body).getByTestId('token-submit'));
    expect(error).toHaveBeenCalledWith('Please enter a token name');
    expect(created).toEqual([]);
  });

  it('sends the form as token fields with the quantity', async () => {
    const created: unknown[] = [];
    const success = vi.spyOn(toast, 'success');
    const drawer = await openDrawerRecording(created);
    fireEvent.change(within(drawer).getByTestId('token-name'), { target: { value: 'team' } });
    fireEvent.click(within(drawer).getByTestId('token-quantity-10'));
    fireEvent.change(within(drawer).getByTestId('token-allow-ips'), { target: { value: '10.0.0.0/8' } });
    fireEvent.click(within(drawer.ownerDocument.body).getByTestId('token-submit'));
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      name: 'team',
      expired_time: -1,
      remain_quota: 500_000,
      unlimited_quota: false,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: '10.0.0.0/8',
      group: '',
      rpm_limit: 0,
      tpm_limit: 0,
      quantity: 10,
    });
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Token created'));
  });
});
