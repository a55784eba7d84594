import { randomBytes } from 'node:crypto';
import {
  amountPayable,
  EPAY_NOTIFY_PATH,
  EPAY_SUBMIT_PATH,
  EPAY_TYPE_OF,
  formatMoney,
  isPaymentMethod,
  TopUpStatus,
  type PageData,
  type PaymentMethod,
  type TopUpView,
} from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { signEpayParams, verifyEpaySignature } from './epay-signature';
import { completeOrder } from './order-credits';
import { epayEnabled } from './payment-methods';
import { TopUpRepository } from './top-up-repository';
import { messages } from '../../platform/i18n/catalogue';

/** Smallest amount a gateway accepts. */
const MINIMUM_MONEY = 0.01;
const TRADE_SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export interface PaymentForm {
  /** the signed form fields */
  fields: Record<string, string>;
  /** where the browser posts them */
  url: string;
}

/** What the gateway must be answered: plain `success` once a notification is handled, else `fail`. */
export type NotifyAnswer = 'success' | 'fail';

/** `USR<user>NO<6 random letters or digits><unix seconds>`, as the reference product numbers orders. */
export function tradeNumber(userId: number, now: number): string {
  const suffix = [...randomBytes(6)].map((byte) => TRADE_SUFFIX_ALPHABET[byte % TRADE_SUFFIX_ALPHABET.length]).join('');
  return `USR${userId}NO${suffix}${now}`;
}

const withoutTrailingSlash = (address: string) => address.trim().replace(/\/+$/, '');

/** Online top-up over the epay protocol (reference notes §10.1; spec 001 §5 Top-up). */
export class EpayService {
  private readonly topUps: TopUpRepository;

  constructor(private readonly context: AppContext) {
    this.topUps = new TopUpRepository(context.database);
  }

  /** The amount payable for `amount` dollars of quota, for a user of `group`. */
  payable(amount: number, group: string): number {
    this.checkAmount(amount);
    const ratios = this.context.options.json<Record<string, unknown>>('TopupGroupRatio') ?? {};
    const ratio = ratios[group];
    return amountPayable(amount, this.context.options.number('Price'), typeof ratio === 'number' ? ratio : undefined);
  }

  /** Records a pending order and answers the signed form the browser posts to the gateway. */
  async pay(user: { id: number; group: string }, amount: number, method: string): Promise<PaymentForm> {
    this.checkReady(method);
    const money = Number(formatMoney(this.payable(amount, user.group)));
    const tradeNo = tradeNumber(user.id, nowSeconds());
    const form = this.form({
      tradeNo,
      method,
      name: `TUC${amount}`,
      money,
      notifyPath: EPAY_NOTIFY_PATH,
      returnPath: '/log',
    });
    await this.topUps.insert({
      user_id: user.id,
      amount,
      money,
      trade_no: tradeNo,
      payment_method: method,
      create_time: nowSeconds(),
      status: TopUpStatus.Pending,
    });
    return form;
  }

  /**
   * The signed form of an order (a top-up's or a plan's): the gateway calls `/api<notifyPath>` on the
   * callback address and sends the browser back to `returnPath` (a path on the site, or `/api/...`).
   * Refuses while epay is not set up, for an unknown method, or for less than the least payable.
   */
  form(order: {
    tradeNo: string;
    method: string;
    name: string;
    money: number;
    notifyPath: string;
    returnPath: string;
  }): PaymentForm {
    const options = this.context.options;
    const callback = this.checkReady(order.method);
    if (order.money < MINIMUM_MONEY) throw new AppError(messages.topUp.moneyTooSmall);
    const returnAddress = order.returnPath.startsWith('/api/')
      ? callback
      : withoutTrailingSlash(options.string('ServerAddress')) || callback;
    const fields = signEpayParams(
      {
        pid: options.string('EpayId'),
        type: EPAY_TYPE_OF[order.method as PaymentMethod],
        out_trade_no: order.tradeNo,
        notify_url: `${callback}/api${order.notifyPath}`,
        return_url: `${returnAddress}${order.returnPath}`,
        name: order.name,
        money: formatMoney(order.money),
        device: 'pc',
      },
      options.string('EpayKey'),
    );
    return { fields, url: `${withoutTrailingSlash(options.string('PayAddress'))}${EPAY_SUBMIT_PATH}` };
  }

  /** Refuses while epay is not set up or for an unknown method; answers the callback address. */
  private checkReady(method: string): string {
    const options = this.context.options;
    if (!epayEnabled(options)) throw new AppError(messages.topUp.onlineTopUpDisabled);
    const callback = withoutTrailingSlash(options.string('CustomCallbackAddress') || options.string('ServerAddress'));
    if (callback === '') throw new AppError(messages.topUp.callbackAddressMissing);
    if (!isPaymentMethod(method)) throw new AppError(messages.topUp.methodInvalid);
    return callback;
  }

  /** Whether a notification is the gateway's: signed with the merchant key, for this merchant. */
  verified(params: Record<string, string>): boolean {
    const merchantKey = this.context.options.string('EpayKey');
    return (
      merchantKey !== '' &&
      verifyEpaySignature(params, merchantKey) &&
      params.pid === this.context.options.string('EpayId')
    );
  }

  /** Handles the gateway's notification: a bad signature changes nothing; a repeated one credits nothing more. */
  async notify(params: Record<string, string>): Promise<NotifyAnswer> {
    if (!this.verified(params)) return 'fail';
    // Other states (waiting, closed) are acknowledged and change nothing.
    if (params.trade_status !== 'TRADE_SUCCESS') return 'success';
    const order = await this.topUps.findByTradeNo(params.out_trade_no ?? '');
    if (!order) return 'fail';
    if (formatMoney(Number(params.money)) !== formatMoney(order.money)) return 'fail';
    await completeOrder(this.context, order);
    return 'success';
  }

  /** An administrator completes a pending order by hand (the reference product's "complete"). */
  async completeByHand(tradeNo: string): Promise<void> {
    const order = await this.topUps.findByTradeNo(tradeNo.trim());
    if (!order) throw new AppError(messages.topUp.topUpNotFound);
    if (order.status !== TopUpStatus.Pending || !(await completeOrder(this.context, order)))
      throw new AppError(messages.topUp.topUpNotPending);
  }

  async list(keyword: string, page: number, pageSize: number): Promise<PageData<TopUpView>> {
    const { total, items } = await this.topUps.page(keyword, (page - 1) * pageSize, pageSize);
    return { items, page, page_size: pageSize, total };
  }

  private checkAmount(amount: number): void {
    if (!Number.isSafeInteger(amount)) throw new AppError(messages.topUp.amountInvalid);
    const minimum = this.context.options.number('MinTopUp');
    if (amount < minimum) throw new AppError(fill(messages.topUp.amountTooSmall, { min: minimum }));
  }
}
