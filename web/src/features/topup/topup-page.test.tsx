import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { toast } from '../../components/feedback';
import { mockFetch, ok, type RecordedRequest } from '../../testing/fetch-mock';
import { renderApp } from '../../testing/render-app';
import TopupPage from './topup-page';
import { eachTestIn } from '../../testing/test-setup';

const routes = [{ path: '/topup', element: <TopupPage /> }];
const user = { id: 7, username: 'alice', role: 1 };

/** Answers the wallet calls; `sent` collects the POSTs. */
function walletServer(sent: RecordedRequest[] = []) {
  return (request: RecordedRequest) => {
    const path = request.url.split('?')[0];
    if (request.method === 'POST') sent.push(request);
    if (path === '/api/user/self')
      return ok({ id: 7, username: 'alice', quota: 1_000_000, group: 'default', role: 1, status: 1 });
    if (path === '/api/user/topup') return ok(250_000);
    if (path === '/api/user/amount') return ok('73.00');
    if (path === '/api/user/pay') {
      return {
        body: {
          success: true,
          message: 'success',
          data: { pid: '1', money: '73.00', sign: 'abc' },
          url: 'https://pay.example/submit.php',
        },
      };
    }
    return { status: 404, body: { success: false, message: 'no such API' } };
  };
}

const balance = () => screen.findByTestId('topup-balance');

describe('wallet page', () => {
  eachTestIn('en');

  it('shows the balance and raises it by what a redeemed code added', async () => {
    const sent: RecordedRequest[] = [];
    mockFetch(walletServer(sent));
    const success = vi.spyOn(toast, 'success');
    renderApp(routes, { path: '/topup', user });
    expect((await balance()).textContent).toContain('$2.00');
    fireEvent.click(screen.getByTestId('topup-redeem'));
    expect(sent).toEqual([]);
    fireEvent.change(screen.getByTestId('topup-code'), { target: { value: ' abc ' } });
    fireEvent.click(screen.getByTestId('topup-redeem'));
    await vi.waitFor(() => expect(success).toHaveBeenCalledWith('Redeemed: $0.50 added to your balance'));
    expect(sent[0]?.body).toEqual({ key: 'abc' });
    await vi.waitFor(() => expect(screen.getByTestId('topup-balance').textContent).toContain('$2.50'));
  });

  it('opens the get-code link, or says the super admin has not set one', async () => {
    mockFetch(walletServer());
    const error = vi.spyOn(toast, 'error');
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const first = renderApp(routes, { path: '/topup', user, status: { top_up_link: '' } });
    fireEvent.click(await screen.findByTestId('topup-get-code'));
    expect(error).toHaveBeenCalledWith('The super admin has not set the top-up link');
    expect(open).not.toHaveBeenCalled();
    first.unmount();
    renderApp(routes, { path: '/topup', user, status: { top_up_link: 'https://shop.example/codes' } });
    fireEvent.click(await screen.findByTestId('topup-get-code'));
    expect(open).toHaveBeenCalledWith('https://shop.example/codes', '_blank', 'noopener');
  });

  it('refuses online top-up when the administrator has not enabled it, or below the minimum', async () => {
    const sent: RecordedRequest[] = [];
    mockFetch(walletServer(sent));
    const error = vi.spyOn(toast, 'error');
    const first = renderApp(routes, { path: '/topup', user, status: { enable_online_topup: false } });
    // No payment buttons that cannot work: the card says online top-up is off.
    expect((await screen.findByTestId('topup-online-off')).textContent).toBe(
      'The administrator has not enabled online top-up',
    );
    expect(screen.queryByTestId('topup-pay-zfb')).toBeNull();
    first.unmount();
    renderApp(routes, { path: '/topup', user, status: { enable_online_topup: true, min_topup: 5 } });
    fireEvent.change(await screen.findByTestId('topup-amount'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('topup-pay-wx'));
    expect(error).toHaveBeenCalledWith('The top-up amount cannot be less than the minimum (5)');
    // The card prices the prefilled minimum as it opens; the refused amount is neither priced nor paid.
    expect(
      sent.filter((request) => request.url !== '/api/user/amount' || (request.body as { amount: number }).amount !== 5),
    ).toEqual([]);
  });

  it('confirms the amount and the amount payable, then posts the signed form to the gateway', async () => {
    const sent: RecordedRequest[] = [];
    mockFetch(walletServer(sent));
    const submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
    renderApp(routes, { path: '/topup', user, status: { enable_online_topup: true, min_topup: 1 } });
    fireEvent.change(await screen.findByTestId('topup-amount'), { target: { value: '10' } });
    fireEvent.click(screen.getByTestId('topup-pay-wx'));
    const dialog = (await screen.findByTestId('topup-confirm-payable')).closest('.ant-modal') as HTMLElement;
    expect(within(dialog).getByTestId('topup-confirm-amount').textContent).toBe('$10');
    expect(within(dialog).getByTestId('topup-confirm-payable').textContent).toBe('73.00');
    // Only prices were asked for (the prefilled amount, then 10) before the person confirms.
    expect(sent.map((request) => request.url).every((url) => url === '/api/user/amount')).toBe(true);
    expect(sent.at(-1)?.body).toEqual({ amount: 10, top_up_code: '' });
    fireEvent.click(within(dialog).getByText('Go to payment'));
    await vi.waitFor(() => expect(submit).toHaveBeenCalledOnce());
    expect(sent.at(-1)?.body).toEqual({ amount: 10, payment_method: 'wx', top_up_code: '' });
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form.action).toBe('https://pay.example/submit.php');
    expect(form.method.toLowerCase()).toBe('post');
    expect(Object.fromEntries(new FormData(form))).toEqual({ pid: '1', money: '73.00', sign: 'abc' });
  });

  it('shows the amount payable as one types, once typing pauses', async () => {
    const sent: RecordedRequest[] = [];
    mockFetch(walletServer(sent));
    renderApp(routes, { path: '/topup', user, status: { enable_online_topup: true, min_topup: 1 } });
    fireEvent.change(await screen.findByTestId('topup-amount'), { target: { value: '10' } });
    await vi.waitFor(() => expect(screen.getByTestId('topup-live-payable').textContent).toBe('Amount payable: 73.00'));
    expect(sent.filter((request) => request.url === '/api/user/amount').at(-1)?.body).toEqual({
      amount: 10,
      top_up_code: '',
    });
  });
});
