import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../i18n';
import { mockFetch, ok } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import TokenPage from './token-page';
import { signedInUser, tokenServer, tokenView } from '../../testing/token-fixtures';
import { eachTestIn } from '../../testing/test-setup';

const routes = [{ path: '/token', element: <TokenPage /> }];

/** The token page's server, also answering the drawer's update with what it was sent. */
function serverRecordingUpdates(updated: unknown[]) {
  const base = tokenServer([tokenView({ rpm_limit: 60, tpm_limit: 90_000 })]);
  return mockFetch((request) => {
    if (request.url.startsWith('/api/token/') && request.method === 'PUT') {
      updated.push(request.body);
      return ok(tokenView(request.body as object));
    }
    return base(request);
  });
}

const input = (drawer: HTMLElement, testId: string) => within(drawer).getByTestId(testId) as HTMLInputElement;

// The token drawer renders many fields; happy-dom on a shared machine needs the time.
describe("the token drawer's per-minute limits (issue 22)", () => {
  eachTestIn('en');

  it('sends the requests and tokens per minute typed into a new token', async () => {
    const created: unknown[] = [];
    mockFetch(tokenServer([], created));
    renderApp(routes, { path: '/token', user: signedInUser });
    fireEvent.click(await screen.findByTestId('token-add'));
    const drawer = await screen.findByTestId('token-drawer');
    expect(within(drawer).getByText('Requests per minute')).toBeTruthy();
    expect(
      within(drawer).getByText(/Billed tokens \(prompt and completion\) this token may use per minute/),
    ).toBeTruthy();
    expect(input(drawer, 'token-rpm-limit').value).toBe('0');
    fireEvent.change(within(drawer).getByTestId('token-name'), { target: { value: 'paced' } });
    fireEvent.change(input(drawer, 'token-rpm-limit'), { target: { value: '60' } });
    fireEvent.change(input(drawer, 'token-tpm-limit'), { target: { value: '100000' } });
    fireEvent.click(within(drawer.ownerDocument.body).getByTestId('token-submit'));
    await vi.waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ name: 'paced', rpm_limit: 60, tpm_limit: 100_000 });
  });

  it("shows a token's limits when editing, in Chinese, and sends an emptied field as no limit", async () => {
    await changeLanguage('zh');
    const updated: unknown[] = [];
    serverRecordingUpdates(updated);
    renderApp(routes, { path: '/token', user: signedInUser });
    fireEvent.click(await screen.findByTestId('token-more'));
    fireEvent.click(await screen.findByTestId('token-edit'));
    const drawer = await screen.findByTestId('token-drawer');
    expect(within(drawer).getByText('每分钟请求数')).toBeTruthy();
    expect(within(drawer).getByText('每分钟 Token 数')).toBeTruthy();
    expect(input(drawer, 'token-rpm-limit').value).toBe('60');
    expect(input(drawer, 'token-tpm-limit').value).toBe('90000');
    fireEvent.change(input(drawer, 'token-rpm-limit'), { target: { value: '' } });
    fireEvent.click(within(drawer.ownerDocument.body).getByTestId('token-submit'));
    await vi.waitFor(() => expect(updated).toHaveLength(1));
    expect(updated[0]).toMatchObject({ id: 1, rpm_limit: 0, tpm_limit: 90_000 });
  });
});
