import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { LoopbackFake } from './loopback-server';

export interface ReceivedCheckout {
  /** the form fields of `POST /v1/checkout/sessions`, flattened as Stripe sends them (`line_items[0][price]`) */
  fields: Record<string, string>;
  authorization: string;
}

/**
 * The Stripe API on 127.0.0.1 (reached through the StripeApiAddress option): `POST /v1/checkout/sessions`
 * records the request and answers a session whose checkout page (`GET /c/pay/<id>`) it serves itself. `event` signs a webhook event
 * with the package's own test-header helper, as Stripe would sign it.
 */
export class FakeStripe extends LoopbackFake {
  readonly checkouts: ReceivedCheckout[] = [];

  protected async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method === 'GET' && request.url?.startsWith('/c/pay/')) {
      response
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<html><body><h1>Fake Stripe Checkout</h1></body></html>');
      return;
    }
    if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'no such route' } }));
      return;
    }
    const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    this.checkouts.push({ fields, authorization: request.headers.authorization ?? '' });
    const id = `cs_test_${this.checkouts.length}`;
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id,
        object: 'checkout.session',
        url: `${this.url}/c/pay/${id}`,
        client_reference_id: fields.client_reference_id,
        status: 'open',
      }),
    );
  }

  /** A signed webhook delivery for a Checkout Session event: the body and its `Stripe-Signature` header. */
  static event(secret: string, type: string, session: Record<string, unknown>): { body: string; signature: string } {
    const body = JSON.stringify({
      id: `evt_${Math.random().toString(36).slice(2)}`,
      object: 'event',
      type,
      data: { object: { object: 'checkout.session', ...session } },
    });
    const signature = new Stripe('sk_test_signing').webhooks.generateTestHeaderString({ payload: body, secret });
    return { body, signature };
  }
}
