// A local stub of the Stripe REST endpoints the portal calls (checkout sessions, refunds,
// balance transactions), spoken over HTTP so the official SDK can be pointed at it
// (STRIPE_API_BASE); every request is recorded.
import { createServer, type Server } from 'node:http';

export interface StubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
}

/** Sessions the stub knows, as Stripe would answer them. */
export type Session = Record<string, unknown> & { id: string };

export function startStripeStub(key: string) {
  const requests: StubRequest[] = [];
  const sessions = new Map<string, Session>();
  /** Balance transactions the stub lists, newest first as Stripe does (`source` expanded on request). */
  const balanceTransactions: Record<string, unknown>[] = [];
  let seq = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      requests.push({
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        form,
        headers: req.headers,
      });
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${++seq}` });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${key}`)
        return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        const id = `cs_test_${++seq}`;
        const session: Session = {
          id,
          object: 'checkout.session',
          mode: form.get('mode'),
          status: 'open',
          payment_status: 'unpaid',
          client_reference_id: form.get('client_reference_id'),
          metadata: { order_id: form.get('metadata[order_id]') },
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          currency: form.get('line_items[0][price_data][currency]'),
          payment_intent: null,
          locale: form.get('locale'),
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
          url: `https://checkout.stripe.com/c/pay/${id}`,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const m = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && m) {
        const session = sessions.get(m[1] ?? '');
        if (session === undefined)
          return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing' } });
        return send(200, session);
      }
      if (req.method === 'GET' && url.pathname === '/v1/balance_transactions') {
        // created[gte]/[lt], limit, starting_after, expand[]=data.source (Stripe's list protocol).
        const gte = Number(url.searchParams.get('created[gte]') ?? 0);
        const lt = Number(url.searchParams.get('created[lt]') ?? Number.MAX_SAFE_INTEGER);
        const limit = Number(url.searchParams.get('limit') ?? 10);
        const after = url.searchParams.get('starting_after');
        const expand = [...url.searchParams.entries()].some(
          ([name, value]) => name.startsWith('expand[') && value === 'data.source',
        );
        let list = balanceTransactions.filter((t) => {
          const created = Number(t.created);
          return created >= gte && created < lt;
        });
        if (after !== null) list = list.slice(list.findIndex((t) => t.id === after) + 1);
        const data = list.slice(0, limit).map((t) => {
          const source = t.source as { id: string } | string | null;
          return {
            ...t,
            source: expand || source === null || typeof source === 'string' ? source : source.id,
          };
        });
        return send(200, {
          object: 'list',
          url: '/v1/balance_transactions',
          has_more: list.length > limit,
          data,
        });
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds')
        return send(200, {
          id: `re_${++seq}`,
          object: 'refund',
          amount: Number(form.get('amount')),
          payment_intent: form.get('payment_intent'),
          status: 'succeeded',
        });
      return send(404, {
        error: { type: 'invalid_request_error', message: 'Unrecognized request' },
      });
    });
  });
  return { server, requests, sessions, balanceTransactions };
}
