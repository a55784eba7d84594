import { QUOTA_PER_UNIT } from '@switchboard/contract';
import type { APIRequestContext } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useConsoleHarness } from './support/console-harness';
import { clickUntilClosed, recordFailedCalls, ROOT_HEADERS, signInAsRoot } from './support/console';

interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

async function call<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  headers: Record<string, string>,
  data?: unknown,
) {
  const response = await request.fetch(path, { method, headers, data });
  expect(response.status()).toBe(200);
  return (await response.json()) as Envelope<T>;
}

describe('top-up orders in Chromium', () => {
  const harness = useConsoleHarness();

  it('root completes a pending online order on /topup and the user is credited once', async () => {
    const session = await harness.open('en-US');
    const page = session.page;
    const failedCalls = recordFailedCalls(page);
    await signInAsRoot(page);

    // Online top-up needs a gateway address, a merchant and a callback address; only the order creation is used here.
    // The server address comes first: a payment address is refused without it.
    const options = {
      ServerAddress: harness.server.baseUrl,
      PayAddress: 'http://127.0.0.1:9/epay',
      EpayId: '1001',
      EpayKey: 'merchant-secret',
    };
    for (const [key, value] of Object.entries(options)) {
      expect(await call(page.request, 'PUT', '/api/option/', ROOT_HEADERS, { key, value })).toMatchObject({
        success: true,
      });
    }
    expect(
      await call(page.request, 'POST', '/api/user/', ROOT_HEADERS, {
        username: 'buyer',
        password: 'buyer-pass-1',
        display_name: 'Buyer',
      }),
    ).toMatchObject({ success: true });

    const buyerContext = await harness.browser.newContext({ baseURL: harness.server.baseUrl });
    try {
      const buyer = buyerContext.request;
      const login = await call<{ id: number }>(
        buyer,
        'POST',
        '/api/user/login',
        {},
        { username: 'buyer', password: 'buyer-pass-1' },
      );
      expect(login.success).toBe(true);
      const buyerHeaders = { 'New-Api-User': String(login.data.id) };
      const balance = async () =>
        (await call<{ quota: number }>(buyer, 'GET', '/api/user/self', buyerHeaders)).data.quota;
      const before = await balance();

      const payment = await call<Record<string, string>>(buyer, 'POST', '/api/user/pay', buyerHeaders, {
        amount: 10,
        payment_method: 'zfb',
        top_up_code: '',
      });
      expect(payment).toMatchObject({ success: true, data: { money: '73.00' } });
      const tradeNo = payment.data.out_trade_no ?? '';
      expect(tradeNo).toMatch(new RegExp(`^USR${login.data.id}NO`));

      await page.goto('/topup');
      await page.getByTestId('top-up-orders-keyword').fill(tradeNo);
      await page.getByTestId('top-up-orders-search').click();
      const row = page.getByTestId('top-up-orders-table').locator('tr', { hasText: tradeNo });
      await expect.poll(() => row.getByTestId('top-up-order-status').textContent()).toBe('Pending');
      expect(await row.textContent()).toContain('73.00');
      expect(await balance()).toBe(before);

      await row.getByTestId('top-up-complete').click();
      const dialog = page.getByRole('dialog');
      await dialog.locator('.ant-modal-confirm-title', { hasText: 'Complete this order by hand?' }).waitFor();
      await clickUntilClosed(dialog.getByRole('button', { name: 'Complete', exact: true }), dialog);
      await page.getByText('The order was completed and the quota credited').waitFor();
      await expect.poll(() => row.getByTestId('top-up-order-status').textContent()).toBe('Success');
      expect(await row.getByTestId('top-up-complete').count()).toBe(0);

      const credited = before + 10 * QUOTA_PER_UNIT;
      await expect.poll(balance).toBe(credited);

      // A second completion (another admin's stale screen) is refused and credits nothing more.
      const again = await call(
        page.request,
        'POST',
        '/api/user/topup/complete',
        { ...ROOT_HEADERS, 'Accept-Language': 'en' },
        { trade_no: tradeNo },
      );
      expect(again).toMatchObject({ success: false, message: 'Only a pending top-up order can be completed' });
      expect(await balance()).toBe(credited);
    } finally {
      await buyerContext.close();
    }
    expect(failedCalls).toEqual([]);
    expect(session.errors.filter((error) => !error.startsWith('Failed to load resource'))).toEqual([]);
  });
});
