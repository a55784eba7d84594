import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/feedback';
import { mockFetch } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import TokenPage from './token-page';
import { signedInUser, tokenServer, tokenView } from '../../testing/token-fixtures';
import { eachTestIn } from '../../testing/test-setup';

const routes = [{ path: '/token', element: <TokenPage /> }];
/** what remained when the page loaded the token; calls may spend from it while the drawer is open */
const LOADED_REMAIN = 123_456;

async function editLoadedToken(updated: unknown[]) {
  mockFetch(tokenServer([tokenView({ id: 5, name: 'team', remain_quota: LOADED_REMAIN })], [], updated));
  renderApp(routes, { path: '/token', user: signedInUser });
  fireEvent.click(await screen.findByTestId('token-more'));
  fireEvent.click(await screen.findByTestId('token-edit'));
  return screen.findByTestId('token-drawer');
}

const submit = (drawer: HTMLElement) => fireEvent.click(within(drawer.ownerDocument.body).getByTestId('token-submit'));

describe('the token editor', () => {
  eachTestIn('en');

  it('does not send back the remaining quota it loaded when the user did not change it', async () => {
    const updated: unknown[] = [];
    const success = vi.spyOn(toast, 'success');
    const drawer = await editLoadedToken(updated);
    fireEvent.change(within(drawer).getByTestId('token-name'), { target: { value: 'renamed' } });
    submit(drawer);
    await vi.waitFor(() => expect(updated).toHaveLength(1));
    expect(updated[0]).toMatchObject({ id: 5, name: 'renamed' });
    expect(updated[0]).not.toHaveProperty('remain_quota');
    expect(updated[0]).not.toHaveProperty('expected_remain_quota');
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Token updated'));
  });

  it('sends an edited remaining quota with the value it was edited from', async () => {
    const updated: unknown[] = [];
    const drawer = await editLoadedToken(updated);
    fireEvent.click(within(drawer).getByTestId('token-quota-5000000'));
    submit(drawer);
    await vi.waitFor(() => expect(updated).toHaveLength(1));
    expect(updated[0]).toMatchObject({
      id: 5,
      name: 'team',
      remain_quota: 5_000_000,
      expected_remain_quota: LOADED_REMAIN,
    });
  });
});
