// The HTTP side of the fault suite: contract calls against a running server (`call`, typed by
// the contract like the integration tests' helper), classified so a scenario can count clean
// failures vs. lost connections; players seeded straight into the database (account, game
// account, HC Point) and signed in over HTTP; and the sandbox provider's signed webhook
// (apps/server/src/adapters/payments).
import { randomBytes } from 'node:crypto';
import {
  api,
  encryptPayload,
  ErrorCode,
  type ApiCall,
  type CallBody,
  type CallResult,
} from '@hc/contract';
import {
  signSandboxPayload,
  SANDBOX_SIGNATURE_HEADER,
} from '../../../apps/server/src/adapters/payments/sandbox-signature';
import type { Database } from '../../../apps/server/src/db/database';
import { hashPassword } from '../../../apps/server/src/lib/password';
import { createAccountsRepository } from '../../../apps/server/src/modules/auth/accounts.repository';
import { creditHcPoint } from '../../../apps/server/src/modules/wallet/wallet.service';
import {
  callHeaders,
  callPath,
  type CallEnvelope,
  type CallOptions,
  type Envelope,
  type WebhookAnswer,
} from '../../../apps/server/test/support/envelope';
import { PAYLOAD_KEY, SANDBOX_WEBHOOK_SECRET } from './procs';

/** What one HTTP call came to; `json` is the envelope, typed `R` where it is a contract call's. */
export type Outcome<R = unknown> =
  | { kind: 'ok'; status: number; json: Envelope<R> }
  /** An answer with a non-zero envelope code (HTTP 2xx/4xx: a clean refusal). */
  | { kind: 'refused'; status: number; json: Envelope<R> }
  /** HTTP 5xx or the SystemBusy envelope: the server answered that it could not do it now. */
  | { kind: 'server_error'; status: number; json: Envelope<R> | undefined }
  /** No answer: connection refused or reset, or no answer within the client timeout. */
  | { kind: 'network'; error: string };

/** The outcome of contract call `C`. */
export type CallOutcome<C extends ApiCall> = Outcome<CallResult<C>>;

const CLIENT_TIMEOUT_MS = 20_000;

/**
 * Calls `c` on the server at `baseUrl` as the web app does, with the same signature as the
 * integration tests' `call` (apps/server/test/support/call.ts) but over fetch, and classifies
 * the answer. The demo game (`gameid` 1) unless `options.gameId` says otherwise.
 */
export async function call<C extends ApiCall>(
  baseUrl: string,
  c: C,
  body: CallBody<C>,
  options: CallOptions<C> = {},
): Promise<CallOutcome<C>> {
  let res: Response;
  try {
    res = await fetch(`${baseUrl}${callPath(c, options.params)}`, {
      method: c.method,
      headers: {
        'content-type': 'application/json',
        ...callHeaders({ ...options, gameId: options.gameId ?? 1 }),
      },
      ...(c.method === 'POST' && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return { kind: 'network', error: cause ?? (err as Error).name };
  }
  let json: CallEnvelope<C> | undefined;
  try {
    json = (await res.json()) as CallEnvelope<C>;
  } catch {
    json = undefined;
  }
  if (res.status >= 500 || json?.code === ErrorCode.SystemBusy)
    return { kind: 'server_error', status: res.status, json };
  if (json === undefined || typeof json.code !== 'number')
    return { kind: 'network', error: `HTTP ${res.status} without an envelope` };
  return json.code === 0
    ? { kind: 'ok', status: res.status, json }
    : { kind: 'refused', status: res.status, json };
}

export interface Player {
  account: string;
  password: string;
  accountId: number;
  /** Game account id: the uid the demo game knows; its role on Dawn is r-<uid>-1. */
  uid: number;
  roleId: string;
  /** HC Point seeded (basic). */
  seeded: number;
  token: string;
}

/** Creates `count` players with `hcPoint` each, straight in the database (no sign-up flow). */
export async function seedPlayers(
  database: Database,
  count: number,
  hcPoint: number,
  prefix = 'fault',
): Promise<Player[]> {
  const db = database.db;
  const accounts = createAccountsRepository(db);
  const password = 'Fault!pass-2026';
  const passwordHash = await hashPassword(password);
  const tag = randomBytes(3).toString('hex');
  const players: Player[] = [];
  for (let i = 0; i < count; i++) {
    const account = `${prefix}${tag}${i}`;
    const accountId = await accounts.insert({
      account,
      email: `${account}@example.com`,
      phone: null,
      passwordHash,
    });
    const uid = await accounts.bindGameAccount(accountId, 1);
    if (hcPoint > 0)
      await db.transaction().execute((trx) =>
        creditHcPoint(trx, {
          gameAccountId: uid,
          basic: hcPoint,
          present: 0,
          idempotencyKey: `faults-seed:${account}`,
        }),
      );
    players.push({
      account,
      password,
      accountId,
      uid,
      roleId: `r-${uid}-1`,
      seeded: hcPoint,
      token: '',
    });
  }
  return players;
}

export async function loginBody(
  account: string,
  password: string,
): Promise<CallBody<typeof api.userLogin>> {
  return {
    channel_code: 'account',
    account,
    passwd: await encryptPayload(PAYLOAD_KEY, password),
    encrypt: 1,
  };
}

/** Signs the player in (retrying while the server is unreachable) and stores the token. */
export async function signIn(baseUrl: string, player: Player): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const out = await call(
      baseUrl,
      api.userLogin,
      await loginBody(player.account, player.password),
    );
    if (out.kind === 'ok') {
      player.token = out.json.result.token;
      return;
    }
    if (out.kind === 'refused') throw new Error(`login refused: ${JSON.stringify(out.json)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`could not sign in ${player.account}`);
}

/** The sandbox provider's `payment.succeeded` webhook for an order, signed now. */
export function sandboxWebhook(
  eventId: string,
  order: { sdkOrderId: string; paymentId: string; amount: number; currency: string },
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    id: eventId,
    type: 'payment.succeeded',
    data: {
      payment_id: order.paymentId,
      order_id: order.sdkOrderId,
      amount: order.amount,
      currency: order.currency,
      method: 'card',
    },
  });
  const signature = signSandboxPayload(SANDBOX_WEBHOOK_SECRET, Math.floor(Date.now() / 1000), body);
  return {
    body,
    headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signature },
  };
}

/** POSTs a webhook as the provider would; 'ok' only for HTTP 200 with envelope code 0. */
export async function postWebhook(
  baseUrl: string,
  webhook: { body: string; headers: Record<string, string> },
): Promise<Outcome<WebhookAnswer['result']>> {
  try {
    const res = await fetch(`${baseUrl}/api/payment/webhook/sandbox`, {
      method: 'POST',
      headers: webhook.headers,
      body: webhook.body,
      signal: AbortSignal.timeout(CLIENT_TIMEOUT_MS),
    });
    const json = (await res.json().catch(() => undefined)) as WebhookAnswer | undefined;
    if (res.status >= 500 || json?.code === ErrorCode.SystemBusy)
      return { kind: 'server_error', status: res.status, json };
    if (json === undefined) return { kind: 'network', error: `HTTP ${res.status} without JSON` };
    return res.status === 200 && json.code === 0
      ? { kind: 'ok', status: res.status, json }
      : { kind: 'refused', status: res.status, json };
  } catch (err) {
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    return { kind: 'network', error: cause ?? (err as Error).name };
  }
}

export { api };
