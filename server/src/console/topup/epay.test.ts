import { TopUpStatus, type PageData, type TopUpView } from '@switchboard/contract';
import { beforeAll, beforeEach, expect, it } from 'vitest';
import { setOptions } from '../../testing/account-fixtures';
import { describeOnEachDatabase, signIn } from '../../testing/test-server';
import { newMember, type Member } from '../../testing/token-fixtures';
import { epaySignature } from './epay-signature';
import { FakeEpayGateway, type ReceivedOrder } from '../../testing/fake-epay-gateway';
import { consoleClient, type ConsoleClient } from '../../testing/console-client';
import { quotaOf, topUpLogsOf } from '../../testing/wallet-fixtures';
import { countOf } from '../../db/table-queries';
import { storedWholeRow } from '../../testing/stored-rows';

const MERCHANT_KEY = 'merchant-secret-key';

await describeOnEachDatabase('online top-up over epay on %s', (server) => {
  const gateway = new FakeEpayGateway(MERCHANT_KEY).forTests();
  let root: ConsoleClient;
  let payer: Member;

  beforeAll(async () => {
    root = consoleClient(server, await signIn(server, 'root', '123456'));
    payer = await newMember(server, 'payer', 'vip');
  });

  beforeEach(() =>
    setOptions(server, {
      PayAddress: `${gateway.address}/`,
      EpayId: '1001',
      EpayKey: MERCHANT_KEY,
      ServerAddress: server.url,
      CustomCallbackAddress: '',
      Price: '7.3',
      MinTopUp: '1',
      TopupGroupRatio: JSON.stringify({ default: 1, vip: 1.5 }),
    }),
  );

  /** Starts a payment and posts its form to the gateway, as the console's browser does. */
  const payAtGateway = async (amount: number, method = 'zfb'): Promise<ReceivedOrder> => {
    const reply = await payer.call<Record<string, string>>('POST', '/user/pay', {
      amount,
      payment_method: method,
      top_up_code: '',
    });
    if (!reply.success || !reply.data) throw new Error(`pay refused: ${reply.message}`);
    const response = await fetch(String(reply.url), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(reply.data).toString(),
    });
    expect(response.status).toBe(200);
    const order = gateway.orders.at(-1);
    if (!order) throw new Error('the gateway received no order');
    return order;
  };
  const orderOf = (tradeNo: string) => storedWholeRow(server.context.database.db, 'top_ups', { trade_no: tradeNo });

  it('prices an amount with Price and the top-up ratio of the user group', async () => {
    expect(await payer.call('POST', '/user/amount', { amount: 10, top_up_code: '' })).toMatchObject({
      success: true,
      message: 'success',
      data: '109.50',
    });
    await setOptions(server, { TopupGroupRatio: JSON.stringify({ default: 2 }) });
    expect((await payer.call('POST', '/user/amount', { amount: 10 })).data).toBe('73.00');
  });

  it('answers signed form fields and the gateway submit address, and records a pending order', async () => {
    const reply = await payer.call<Record<string, string>>('POST', '/user/pay', { amount: 3, payment_method: 'wx' });
    expect(reply).toMatchObject({ success: true, url: `${gateway.address}/submit.php` });
    const fields = reply.data ?? {};
    expect(fields).toMatchObject({
      pid: '1001',
      type: 'wxpay',
      money: '32.85',
      name: 'TUC3',
      device: 'pc',
      sign_type: 'MD5',
      notify_url: `${server.url}/api/user/epay/notify`,
      return_url: `${server.url}/log`,
    });
    expect(fields.out_trade_no).toMatch(new RegExp(`^USR${payer.id}NO[0-9A-Za-z]{6}\\d+$`));
    expect(fields.sign).toBe(epaySignature(fields, MERCHANT_KEY));
    expect(await orderOf(fields.out_trade_no ?? '')).toMatchObject({
      status: TopUpStatus.Pending,
      payment_method: 'wx',
    });
  });

  it('credits a paid order once, even when the gateway repeats its notification', async () => {
    const order = await payAtGateway(2);
    const before = await quotaOf(server, payer.id);
    expect(await gateway.notify(order)).toBe('success');
    expect(await gateway.notify(order, { method: 'POST' })).toBe('success');
    const repeated = await Promise.all([gateway.notify(order), gateway.notify(order, { method: 'POST' })]);
    expect(repeated).toEqual(['success', 'success']);
    const after = await quotaOf(server, payer.id);
    expect(after.live - before.live).toBe(1_000_000);
    expect(after.stored - before.stored).toBe(1_000_000);
    const stored = await orderOf(order.fields.out_trade_no ?? '');
    expect(stored.status).toBe(TopUpStatus.Success);
    expect(Number(stored.complete_time)).toBeGreaterThan(0);
    const logs = (await topUpLogsOf(server, payer.id)).filter((log) => log.content.includes('21.90'));
    expect(logs).toEqual([
      { username: 'payer', content: '使用在线充值成功，充值金额: ＄2.000000 额度，支付金额：21.900000' },
    ]);
  });

  it('credits the amount at the quota per unit in force, as the reference does', async () => {
    await setOptions(server, { QuotaPerUnit: 1_000_000 });
    try {
      const order = await payAtGateway(3);
      const before = await quotaOf(server, payer.id);
      expect(await gateway.notify(order)).toBe('success');
      expect((await quotaOf(server, payer.id)).live - before.live).toBe(3_000_000);
      expect((await topUpLogsOf(server, payer.id)).at(-1)?.content).toMatch(
        /^使用在线充值成功，充值金额: ＄3\.000000 额度，/,
      );
    } finally {
      await setOptions(server, { QuotaPerUnit: 500_000 });
    }
  });

  it('answers fail to a forged signature or a changed amount and credits nothing', async () => {
    const order = await payAtGateway(5, 'wx');
    const before = await quotaOf(server, payer.id);
    expect(await gateway.notify(order, { signingKey: 'not-the-key' })).toBe('fail');
    expect(await gateway.notify(order, { money: '0.01' })).toBe('fail');
    expect((await quotaOf(server, payer.id)).live).toBe(before.live);
    expect((await orderOf(order.fields.out_trade_no ?? '')).status).toBe(TopUpStatus.Pending);
  });

  it('acknowledges an unpaid state without crediting', async () => {
    const order = await payAtGateway(1);
    const before = await quotaOf(server, payer.id);
    expect(await gateway.notify(order, { tradeStatus: 'WAIT_BUYER_PAY' })).toBe('success');
    expect((await quotaOf(server, payer.id)).live).toBe(before.live);
  });

  it('lets an administrator list orders and complete a pending one by hand, once', async () => {
    const order = await payAtGateway(4);
    const tradeNo = order.fields.out_trade_no ?? '';
    const list = await root<PageData<TopUpView>>('GET', `/user/topup?p=1&page_size=10&keyword=${tradeNo}`);
    expect(list.data?.items).toEqual([
      expect.objectContaining({ trade_no: tradeNo, amount: 4, status: TopUpStatus.Pending, user_id: payer.id }),
    ]);
    expect(await payer.call('GET', '/user/topup')).toMatchObject({
      success: false,
      message: 'No permission: insufficient role',
    });
    expect((await payer.call('POST', '/user/topup/complete', { trade_no: tradeNo })).success).toBe(false);

    const before = await quotaOf(server, payer.id);
    expect((await root('POST', '/user/topup/complete', { trade_no: tradeNo })).success).toBe(true);
    expect(await root('POST', '/user/topup/complete', { trade_no: tradeNo })).toMatchObject({
      success: false,
      message: 'Only a pending top-up order can be completed',
    });
    expect(await gateway.notify(order)).toBe('success');
    expect((await quotaOf(server, payer.id)).live - before.live).toBe(2_000_000);
    expect(await root('POST', '/user/topup/complete', { trade_no: 'USR0NOnothing0' })).toMatchObject({
      success: false,
      message: 'Top-up order not found',
    });
  });

  it('refuses to pay when online top-up is off, with a bad method or below the minimum', async () => {
    const ordersBefore = gateway.orders.length;
    const count = () => countOf(server.context.database.db.selectFrom('top_ups'));
    const rowsBefore = await count();
    /** Each POST of the payer, in its language, is refused with its message. */
    const expectRefusals = async (
      calls: Array<[language: 'en' | 'zh', path: string, body: object, message: string]>,
    ) => {
      for (const [language, path, body, message] of calls) {
        const call = language === 'zh' ? payer.zh : payer.call;
        expect(await call('POST', path, body)).toMatchObject({ success: false, message });
      }
    };
    await setOptions(server, { MinTopUp: '5' });
    await expectRefusals([
      [
        'en',
        '/user/pay',
        { amount: 4, payment_method: 'zfb' },
        'The top-up amount cannot be less than the minimum (5)',
      ],
      ['zh', '/user/amount', { amount: 4 }, '充值数量不能小于 5'],
      ['en', '/user/pay', { amount: 5.5, payment_method: 'zfb' }, 'The top-up amount must be a whole number'],
      ['en', '/user/pay', { amount: 10, payment_method: 'paypal' }, 'Unknown payment method'],
    ]);
    await setOptions(server, { EpayKey: '' });
    await expectRefusals([
      ['en', '/user/pay', { amount: 10, payment_method: 'zfb' }, 'The administrator has not enabled online top-up'],
      ['zh', '/user/pay', { amount: 10, payment_method: 'zfb' }, '管理员未开启在线充值'],
    ]);
    await setOptions(server, { EpayKey: MERCHANT_KEY, ServerAddress: '' });
    expect((await payer.call('POST', '/user/pay', { amount: 10, payment_method: 'zfb' })).message).toBe(
      'The administrator has not set the server address, so payment results cannot be received',
    );
    expect(await count()).toBe(rowsBefore);
    expect(gateway.orders.length).toBe(ordersBefore);
  });

  it('sends the notification to the custom callback address when one is set', async () => {
    await setOptions(server, { CustomCallbackAddress: 'https://callback.example/' });
    const reply = await payer.call<Record<string, string>>('POST', '/user/pay', { amount: 1, payment_method: 'zfb' });
    expect(reply.data?.notify_url).toBe('https://callback.example/api/user/epay/notify');
  });
});
