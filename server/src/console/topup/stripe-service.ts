import { createHash, randomBytes } from 'node:crypto';
import { amountPayable, formatMoney, TopUpStatus } from '@switchboard/contract';
import type Stripe from 'stripe';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { completeOrder } from './order-credits';
import { TopUpRepository } from './top-up-repository';
import { messages } from '../../platform/i18n/catalogue';

/** The most units one Stripe checkout may buy (the reference's bound). */
export const STRIPE_MAX_TOP_UP = 10_000;
const MINIMUM_MONEY = 0.01;

/** What the webhook answers: 200 for every event with a good signature, 400 for a bad one, 403 while Stripe is off. */
export type WebhookAnswer = 200 | 400 | 403;

/** `ref_<sha1>`, as the reference numbers Stripe orders (the Checkout Session's client_reference_id). */
function stripeTradeNumber(userId: number): string {
  const seed = `new-api-ref-${userId}-${Date.now()}-${randomBytes(2).toString('hex')}`;
  return `ref_${createHash('sha1').update(seed).digest('hex')}`;
}

/** The Stripe package is loaded on first use: most sites never take a card. */
let stripeModule: Promise<typeof import('stripe')> | null = null;

/** Stripe top-up (the reference's `StripeApiSecret` … options): a Checkout Session per order, credited by its webhook once. */
export class StripeService {
  private readonly topUps: TopUpRepository;
  private client: { key: string; stripe: Stripe } | null = null;

  constructor(private readonly context: AppContext) {
    this.topUps = new TopUpRepository(context.database);
  }

  enabled(): boolean {
    const options = this.context.options;
    return options.string('StripeApiSecret') !== '' && options.string('StripeWebhookSecret') !== '' && options.string('StripePriceId') !== '';
  }

  /** One client per secret and address, made again when an administrator changes either. */
  private async stripe(): Promise<Stripe> {
    const secret = this.context.options.string('StripeApiSecret');
    const address = this.context.options.string('StripeApiAddress');
    const key = `${secret}\n${address}`;
    if (this.client?.key === key) return this.client.stripe;
    stripeModule ??= import('stripe');
    const { default: StripeClient } = await stripeModule;
    const where = address ? new URL(address) : null;
    const stripe = new StripeClient(secret, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      ...(where ? { host: where.hostname, port: where.port || (where.protocol === 'http:' ? 80 : 443), protocol: where.protocol === 'http:' ? 'http' : 'https' } : {}),
    });
    this.client = { key, stripe };
    return stripe;
  }

  private checkAmount(amount: number): void {
    if (!Number.isSafeInteger(amount)) throw new AppError(messages.topUp.amountInvalid);
    const minimum = this.context.options.number('StripeMinTopUp');
    if (amount < minimum) throw new AppError(fill(messages.topUp.amountTooSmall, { min: minimum }));
  }

  /** The money charged for `amount` units: unit price × the group's top-up ratio. */
  payable(amount: number, group: string): number {
    if (!this.enabled()) throw new AppError(messages.topUp.stripeDisabled);
    this.checkAmount(amount);
    const ratio = (this.context.options.json<Record<string, unknown>>('TopupGroupRatio') ?? {})[group];
    const money = amountPayable(amount, this.context.options.number('StripeUnitPrice'), typeof ratio === 'number' ? ratio : undefined);
    if (money <= MINIMUM_MONEY) throw new AppError(messages.topUp.moneyTooSmall);
    return money;
  }

  /** A return address must be on this site (the server address, or the console the request came from). */
  private trustedReturn(given: string | undefined, fallbackPath: string, consoleOrigin: string): string {
    const site = this.context.options.string('ServerAddress').replace(/\/+$/, '') || consoleOrigin;
    if (!given) return `${site}${fallbackPath}`;
    let target: URL;
    try {
      target = new URL(given);
    } catch {
      throw new AppError(messages.topUp.redirectUntrusted, { status: 400 });
    }
    const trusted = [site, consoleOrigin].filter(Boolean).map((address) => new URL(address).origin);
    if (!trusted.includes(target.origin)) throw new AppError(messages.topUp.redirectUntrusted, { status: 400 });
    return target.toString();
  }

  /** Records a pending order and answers the Checkout Session's address. */
  async pay(
    user: { id: number; group: string; email: string },
    request: { amount: number; success_url?: string; cancel_url?: string },
    consoleOrigin: string,
  ): Promise<string> {
    const money = this.payable(request.amount, user.group);
    if (request.amount > STRIPE_MAX_TOP_UP) throw new AppError(fill(messages.topUp.amountTooLarge, { max: STRIPE_MAX_TOP_UP }));
    const successUrl = this.trustedReturn(request.success_url, '/log', consoleOrigin);
    const cancelUrl = this.trustedReturn(request.cancel_url, '/topup', consoleOrigin);
    const tradeNo = stripeTradeNumber(user.id);
    let session: Stripe.Checkout.Session;
    try {
      session = await (await this.stripe()).checkout.sessions.create({
        mode: 'payment',
        client_reference_id: tradeNo,
        line_items: [{ price: this.context.options.string('StripePriceId'), quantity: request.amount }],
        success_url: successUrl,
        cancel_url: cancelUrl,
        allow_promotion_codes: this.context.options.boolean('StripePromotionCodesEnabled'),
        ...(user.email ? { customer_email: user.email } : {}),
        customer_creation: 'always',
      });
    } catch {
      throw new AppError(messages.topUp.checkoutFailed);
    }
    if (!session.url) throw new AppError(messages.topUp.checkoutFailed);
    await this.topUps.insert({
      user_id: user.id,
      amount: request.amount,
      money: Number(formatMoney(money)),
      trade_no: tradeNo,
      payment_method: 'stripe',
      create_time: nowSeconds(),
      status: TopUpStatus.Pending,
    });
    return session.url;
  }

  /** Handles a webhook delivery; only a pending Stripe order is ever changed, and credited once. */
  async webhook(payload: Buffer, signature: string | undefined): Promise<WebhookAnswer> {
    if (!this.enabled()) return 403;
    let event: Stripe.Event;
    try {
      event = (await this.stripe()).webhooks.constructEvent(payload, signature ?? '', this.context.options.string('StripeWebhookSecret'));
    } catch {
      return 400;
    }
    if (!event.type.startsWith('checkout.session.')) return 200;
    const session = event.data.object as Stripe.Checkout.Session;
    const order = session.client_reference_id ? await this.topUps.findByTradeNo(session.client_reference_id) : undefined;
    if (!order || order.payment_method !== 'stripe' || order.status !== TopUpStatus.Pending) return 200;
    switch (event.type) {
      case 'checkout.session.completed':
        // A delayed method (a bank debit) completes first unpaid; its async_payment_succeeded event credits it.
        if (session.status === 'complete' && session.payment_status === 'paid') await completeOrder(this.context, order);
        break;
      case 'checkout.session.async_payment_succeeded':
        await completeOrder(this.context, order);
        break;
      case 'checkout.session.async_payment_failed':
        await this.topUps.markEnded(order.trade_no, TopUpStatus.Failed);
        break;
      case 'checkout.session.expired':
        await this.topUps.markEnded(order.trade_no, TopUpStatus.Expired);
        break;
    }
    return 200;
  }
}
