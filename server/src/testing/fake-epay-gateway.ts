import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { signEpayParams, verifyEpaySignature } from '../console/topup/epay-signature';

interface ResultOptions {
  signingKey?: string;
  tradeStatus?: string;
  money?: string;
}

export interface ReceivedOrder {
  fields: Record<string, string>;
}

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/**
 * An epay gateway on 127.0.0.1: `POST /submit.php` takes the merchant's signed form (refusing a bad
 * signature, as a real gateway does), and `notify` plays the payment result back to `notify_url`.
 */
export class FakeEpayGateway {
  readonly orders: ReceivedOrder[] = [];
  private server: Server | null = null;
  address = '';

  constructor(private readonly merchantKey: string) {}

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      void (async () => {
        const fields = await readForm(request);
        if (request.method !== 'POST' || !request.url?.startsWith('/submit.php')) {
          response.writeHead(404).end();
          return;
        }
        if (!verifyEpaySignature(fields, this.merchantKey)) {
          response.writeHead(400).end('bad merchant signature');
          return;
        }
        this.orders.push({ fields });
        response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>pay here</body></html>');
      })();
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    this.address = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Started before the tests of the calling file or describe block, stopped after them. */
  forTests(): this {
    beforeAll(() => this.start());
    afterAll(() => this.stop());
    return this;
  }

  /**
   * Sends the gateway's notification for an order it received: signed with `signingKey` (the merchant
   * key unless a test forges one), by GET with a query or POST with a form. Answers the merchant's text.
   */
  async notify(order: ReceivedOrder, options: ResultOptions & { method?: 'GET' | 'POST' } = {}): Promise<string> {
    const params = this.result(order, options);
    const target = new URL(order.fields.notify_url ?? '');
    const form = new URLSearchParams(params).toString();
    const response =
      options.method === 'POST'
        ? await fetch(target, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: form,
          })
        : await fetch(`${target.toString()}?${form}`);
    return response.text();
  }

  /** Sends the payer's browser back to `return_url` with the signed result; answers where the merchant redirects it. */
  async returnBrowser(order: ReceivedOrder, options: ResultOptions = {}): Promise<string> {
    const form = new URLSearchParams(this.result(order, options)).toString();
    const response = await fetch(`${order.fields.return_url ?? ''}?${form}`, { redirect: 'manual' });
    return response.headers.get('location') ?? '';
  }

  /** The signed payment result of an order, as the gateway sends it to the merchant. */
  result(order: ReceivedOrder, options: ResultOptions = {}): Record<string, string> {
    return signEpayParams(
      {
        pid: order.fields.pid ?? '',
        trade_no: `GW${Date.now()}`,
        out_trade_no: order.fields.out_trade_no ?? '',
        type: order.fields.type ?? '',
        name: order.fields.name ?? '',
        money: options.money ?? order.fields.money ?? '',
        trade_status: options.tradeStatus ?? 'TRADE_SUCCESS',
      },
      options.signingKey ?? this.merchantKey,
    );
  }
}
