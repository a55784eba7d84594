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
  type TopUpView,
} from '@switchboard/contract';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { signEpayParams, verifyEpaySignature } from './epay-signature';
import { completeOrder } from './order-credits';
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
function tradeNumber(userId: number, now: number): string {
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
    const options = this.context.options;
    const gateway = withoutTrailingSlash(options.string('PayAddress'));
    const merchantId = options.string('EpayId');
    const merchantKey = options.string('EpayKey');
    if (gateway === '' || merchantId === '' || merchantKey === '') throw new AppError(messages.topUp.onlineTopUpDisabled);
    const callback = withoutTrailingSlash(options.string('CustomCallbackAddress') || options.string('ServerAddress'));
    if (callback === '') throw new AppError(messages.topUp.callbackAddressMissing);
    if (!isPaymentMethod(method)) throw new AppError(messages.topUp.methodInvalid);
    const money = Number(formatMoney(this.payable(amount, user.group)));
    if (money < MINIMUM_MONEY) throw new AppError(messages.topUp.moneyTooSmall);

    const now = nowSeconds();
    const tradeNo = tradeNumber(user.id, now);
    const returnAddress = withoutTrailingSlash(options.string('ServerAddress')) || callback;
    const fields = signEpayParams(
      {
        pid: merchantId,
        type: EPAY_TYPE_OF[method],
        out_trade_no: tradeNo,
        notify_url: `${callback}/api${EPAY_NOTIFY_PATH}`,
        return_url: `${returnAddress}/log`,
        name: `TUC${amount}`,
        money: formatMoney(money),
        device: 'pc',
      },
      merchantKey,
    );
    await this.topUps.insert({
      user_id: user.id,
      amount,
      money,
      trade_no: tradeNo,
      payment_method: method,
      create_time: now,
      status: TopUpStatus.Pending,
    });
    return { fields, url: `${gateway}${EPAY_SUBMIT_PATH}` };
  }

  /** Handles the gateway's notification: a bad signature changes nothing; a repeated one credits nothing more. */
  async notify(params: Record<string, string>): Promise<NotifyAnswer> {
    const merchantKey = this.context.options.string('EpayKey');
    if (merchantKey === '' || !verifyEpaySignature(params, merchantKey)) return 'fail';
    if (params.pid !== this.context.options.string('EpayId')) return 'fail';
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
    if (order.status !== TopUpStatus.Pending || !(await completeOrder(this.context, order))) throw new AppError(messages.topUp.topUpNotPending);
  }

  async list(keyword: string, page: number, pageSize: number): Promise<PageData<TopUpView>> {
    const [total, items] = await Promise.all([
      this.topUps.count(keyword),
      this.topUps.page(keyword, (page - 1) * pageSize, pageSize),
    ]);
    return { items, page, page_size: pageSize, total };
  }

  private checkAmount(amount: number): void {
    if (!Number.isSafeInteger(amount)) throw new AppError(messages.topUp.amountInvalid);
    const minimum = this.context.options.number('MinTopUp');
    if (amount < minimum) throw new AppError(fill(messages.topUp.amountTooSmall, { min: minimum }));
  }
}
