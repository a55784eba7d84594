import { createHash, randomBytes } from 'node:crypto';
import { amountPayable, formatMoney, TopUpStatus } from '@switchboard/contract';
import type Stripe from 'stripe';
import type { AppContext } from '../../app-context';
import { nowSeconds } from '../../db/dialect';
import { valueById } from '../../db/table-queries';
import { AppError } from '../../platform/errors';
import { fill } from '../../platform/text';
import { SubscriptionOrders } from '../subscription/subscription-orders';
import { completeOrder } from './order-credits';
import { stripeEnabled } from './payment-methods';
import { TopUpRepository } from './top-up-repository';
import { messages } from '../../platform/i18n/catalogue';

/** The most units one Stripe checkout may buy (the reference's bound). */
export const STRIPE_MAX_TOP_UP = 10_000;
const MINIMUM_MONEY = 0.01;

/** What the webhook answers: 200 for every event with a good signature, 400 for a bad one, 403 while Stripe is off. */
export type WebhookAnswer = 200 | 400 | 403;

/** `ref_<sha1>`, as the reference numbers Stripe orders (the Checkout Session's client_reference_id). */
export function stripeTradeNumber(userId: number): string {
  const seed = `new-api-ref-${userId}-${Date.now()}-${randomBytes(2).toString('hex')}`;
  return `ref_${createHash('sha1').update(seed).digest('hex')}`;
}

const customerOf = (session: Stripe.Checkout.Session): string =>
  typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? '');

/** The Stripe package is loaded on first use: most sites never take a card. */
let stripeModule: Promise<typeof import('stripe')> | null = null;

/**
 * Stripe (the reference's `StripeApiSecret` … options): a Checkout Session per order, a top-up's or a
 * plan's, completed by its webhook once; a plan's order is looked for first.
 */
export class StripeService {
  private readonly topUps: TopUpRepository;
  private readonly plans: SubscriptionOrders;
  private client: { key: string; stripe: Stripe } | null = null;

  constructor(private readonly context: AppContext) {
    this.topUps = new TopUpRepository(context.database);
    this.plans = new SubscriptionOrders(context);
  }

  enabled(): boolean {
    return stripeEnabled(this.context.options);
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
      ...(where
        ? {
            host: where.hostname,
            port: where.port || (where.protocol === 'http:' ? 80 : 443),
            protocol: where.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
    });
    this.client = { key, stripe };
    return stripe;
  }

  /** The customer who paid, kept for the user's next checkout. */
  private async saveCustomer(userId: number, session: Stripe.Checkout.Session): Promise<void> {
    const customer = customerOf(session);
    if (customer !== '')
      await this.context.database.db
        .updateTable('users')
        .set({ stripe_customer: customer })
        .where('id', '=', userId)
        .execute();
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
    const money = amountPayable(
      amount,
      this.context.options.number('StripeUnitPrice'),
      typeof ratio === 'number' ? ratio : undefined,
    );
    if (money <= MINIMUM_MONEY) throw new AppError(messages.topUp.moneyTooSmall);
    return money;
  }

  /** A return address must be on this site (the server address, or the console the request came from). */
  trustedReturn(given: string | undefined, fallbackPath: string, consoleOrigin: string): string {
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
    if (request.amount > STRIPE_MAX_TOP_UP)
      throw new AppError(fill(messages.topUp.amountTooLarge, { max: STRIPE_MAX_TOP_UP }));
    const successUrl = this.trustedReturn(request.success_url, '/log', consoleOrigin);
    const cancelUrl = this.trustedReturn(request.cancel_url, '/topup', consoleOrigin);
    const tradeNo = stripeTradeNumber(user.id);
    const link = await this.checkout(user, {
      mode: 'payment',
      tradeNo,
      price: this.context.options.string('StripePriceId'),
      quantity: request.amount,
      successUrl,
      cancelUrl,
    });
    await this.topUps.insert({
      user_id: user.id,
      amount: request.amount,
      money: Number(formatMoney(money)),
      trade_no: tradeNo,
      payment_method: 'stripe',
      create_time: nowSeconds(),
      status: TopUpStatus.Pending,
    });
    return link;
  }

  /**
   * A Checkout Session for one order (`client_reference_id` = its trade number): a top-up (`payment`,
   * quantity = units) or a plan (`subscription`, quantity 1). The user's saved Stripe customer pays
   * again; a user without one is known by email (a payment creates the customer). Answers its address.
   */
  async checkout(
    user: { id: number; email: string },
    order: {
      mode: 'payment' | 'subscription';
      tradeNo: string;
      price: string;
      quantity: number;
      successUrl: string;
      cancelUrl: string;
    },
  ): Promise<string> {
    const customer = (await valueById(this.context.database.db, 'users', user.id, 'stripe_customer')) ?? '';
    let session: Stripe.Checkout.Session;
    try {
      session = await (
        await this.stripe()
      ).checkout.sessions.create({
        mode: order.mode,
        client_reference_id: order.tradeNo,
        line_items: [{ price: order.price, quantity: order.quantity }],
        success_url: order.successUrl,
        cancel_url: order.cancelUrl,
        allow_promotion_codes: this.context.options.boolean('StripePromotionCodesEnabled'),
        ...(customer !== ''
          ? { customer }
          : {
              ...(user.email ? { customer_email: user.email } : {}),
              // Stripe refuses customer_creation in subscription mode, where a customer is always made.
              ...(order.mode === 'payment' ? { customer_creation: 'always' as const } : {}),
            }),
      });
    } catch {
      throw new AppError(messages.topUp.checkoutFailed);
    }
    if (!session.url) throw new AppError(messages.topUp.checkoutFailed);
    return session.url;
  }

  /** Handles a webhook delivery; only a pending Stripe order is ever changed, and credited once. */
  async webhook(payload: Buffer, signature: string | undefined): Promise<WebhookAnswer> {
    if (!this.enabled()) return 403;
    let event: Stripe.Event;
    try {
      event = (await this.stripe()).webhooks.constructEvent(
        payload,
        signature ?? '',
        this.context.options.string('StripeWebhookSecret'),
      );
    } catch {
      return 400;
    }
    if (!event.type.startsWith('checkout.session.')) return 200;
    const session = event.data.object as Stripe.Checkout.Session;
    const tradeNo = session.client_reference_id ?? '';
    if (tradeNo === '') return 200;
    const paid =
      event.type === 'checkout.session.async_payment_succeeded' ||
      // A delayed method (a bank debit) completes first unpaid; its async_payment_succeeded event credits it.
      (event.type === 'checkout.session.completed' &&
        session.status === 'complete' &&
        session.payment_status === 'paid');
    const ended =
      event.type === 'checkout.session.expired'
        ? TopUpStatus.Expired
        : event.type === 'checkout.session.async_payment_failed'
          ? TopUpStatus.Failed
          : null;
    // A plan's order first, as the reference: the top-up only when no order of a plan has the number.
    const planOrder = await this.plans.find(tradeNo);
    if (planOrder) {
      if (planOrder.payment_provider !== 'stripe') return 200;
      if (
        paid &&
        (await this.plans.complete(tradeNo, JSON.stringify({ session: session.id, customer: customerOf(session) })))
      )
        await this.saveCustomer(planOrder.user_id, session);
      else if (ended) await this.plans.markEnded(tradeNo, ended);
      return 200;
    }
    const order = await this.topUps.findByTradeNo(tradeNo);
    if (!order || order.payment_method !== 'stripe' || order.status !== TopUpStatus.Pending) return 200;
    if (paid && (await completeOrder(this.context, order))) await this.saveCustomer(order.user_id, session);
    else if (ended) await this.topUps.markEnded(tradeNo, ended);
    return 200;
  }
}
