import type { TopUpView } from '@switchboard/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/feedback';
import { mockFetch, ok, type RecordedRequest } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import TopupPage from './topup-page';
import { eachTestIn } from '../../testing/test-setup';

const routes = [{ path: '/topup', element: <TopupPage /> }];
const admin = { id: 1, username: 'root', role: 100 };
const pendingOrder: TopUpView = {
  id: 3,
  user_id: 7,
  amount: 10,
  money: 73,
  trade_no: 'USR7NOabc123',
  payment_method: 'zfb',
  create_time: 1_700_000_000,
  complete_time: 0,
  status: 'pending',
};

/** The wallet calls plus the order list; completing a pending order turns it to success, anything else is refused. */
function ordersServer(stale: boolean) {
  let order = stale ? { ...pendingOrder, status: 'success' } : { ...pendingOrder };
  return (request: RecordedRequest) => {
    const path = request.url.split('?')[0];
    if (path === '/api/user/self')
      return ok({ id: 1, username: 'root', quota: 0, group: 'default', role: 100, status: 1 });
    if (path === '/api/user/topup/complete') {
      if (order.status !== 'pending')
        return { body: { success: false, message: 'Only a pending top-up order can be completed' } };
      order = { ...order, status: 'success', complete_time: 1_700_000_100 };
      return ok();
    }
    // A stale list shows the order still pending when the server already has it completed.
    if (path === '/api/user/topup')
      return ok({ items: [{ ...order, status: stale ? 'pending' : order.status }], page: 1, page_size: 10, total: 1 });
    return { status: 404, body: { success: false, message: 'no such API' } };
  };
}

/** The wallet page as `user`, its calls answered by `ordersServer`; every request it sends. */
function openWallet(user: { id: number; username: string; role: number }, stale = false) {
  const requests = mockFetch(ordersServer(stale));
  renderApp(routes, { path: '/topup', user });
  return requests;
}

const listRequests = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.url.startsWith('/api/user/topup?'));
const confirmDialog = async () => {
  const dialog = await screen.findByRole('dialog');
  expect(dialog.textContent).toContain('Complete this order by hand?');
  return dialog;
};
const orderRow = async () => (await screen.findByText('USR7NOabc123')).closest('tr') as HTMLElement;

describe('top-up orders on the wallet page', () => {
  eachTestIn('en');

  it('lets an admin search by trade number and complete a pending order after confirming', async () => {
    const success = vi.spyOn(toast, 'success');
    const requests = openWallet(admin);

    const row = await orderRow();
    expect(row.textContent).toContain('Alipay');
    expect(row.textContent).toContain('73.00');
    expect(row.textContent).toContain('$10.00');
    expect(within(row).getByTestId('top-up-order-status').textContent).toBe('Pending');

    fireEvent.change(screen.getByTestId('top-up-orders-keyword'), { target: { value: ' USR7NO ' } });
    fireEvent.click(screen.getByTestId('top-up-orders-search'));
    await vi.waitFor(() => expect(listRequests(requests).at(-1)?.url).toContain('keyword=USR7NO'));

    fireEvent.click(within(await orderRow()).getByTestId('top-up-complete'));
    const dialog = await confirmDialog();
    expect(dialog.textContent).toContain('USR7NOabc123');
    const listsBefore = listRequests(requests).length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));

    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('The order was completed and the quota credited'));
    const completions = requests.filter((request) => request.url === '/api/user/topup/complete');
    expect(completions.map((request) => [request.method, request.body])).toEqual([
      ['POST', { trade_no: 'USR7NOabc123' }],
    ]);
    await vi.waitFor(() => expect(listRequests(requests).length).toBeGreaterThan(listsBefore));
    await vi.waitFor(async () =>
      expect(within(await orderRow()).getByTestId('top-up-order-status').textContent).toBe('Success'),
    );
    expect(within(await orderRow()).queryByTestId('top-up-complete')).toBeNull();
  });

  it('shows the server refusal when the order is no longer pending', async () => {
    // Someone else completed the order between the list and the click.
    const error = vi.spyOn(toast, 'error');
    const success = vi.spyOn(toast, 'success');
    openWallet(admin, true);

    fireEvent.click(within(await orderRow()).getByTestId('top-up-complete'));
    const dialog = await confirmDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('Only a pending top-up order can be completed'));
    expect(success).not.toHaveBeenCalled();
  });

  it('is not shown to a normal user', async () => {
    const requests = openWallet({ id: 7, username: 'alice', role: 1 });
    await screen.findByTestId('topup-balance');
    expect(screen.queryByTestId('top-up-orders')).toBeNull();
    expect(listRequests(requests)).toEqual([]);
  });
});
