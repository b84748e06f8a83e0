// Two players with real data behind them: a signed-in account with a game
// account and a role on Dawn, an unpaid order, a card order paid by a signed sandbox webhook, HC
// Point bought and spent on an order, a real-name record and a redeemed gift code. The schema
// fuzz and the security sweep use them to check one player never sees the other's data.
import { randomUUID } from 'node:crypto';
import { api, encryptPayload, ErrorCode, type IdentityPayload } from '@hc/contract';
import { expect } from 'vitest';
import { signSandboxPayload } from '../../src/adapters/payments/sandbox-signature';
import { DEMO_GIFT_CODE } from '../../src/db/seeds/demo-gift-codes';
import { createAccountsRepository } from '../../src/modules/auth/accounts.repository';
import { creditHcPoint } from '../../src/modules/wallet/wallet.service';
import { login, makeAccount } from './auth-fixtures';
import { call, type WebhookAnswer } from './call';
import type { TestApp } from './helper';

export const GAME_PACK = 'pack_adventurer';
export const GAME_PACK_PRICE = 499;

export interface SeededPlayer {
  accountId: number;
  account: string;
  email: string;
  phone: string;
  password: string;
  /** Game account id in the demo game (docs/product/api.md userId / uid). */
  uid: number;
  token: string;
  roleId: string;
  orders: { unpaid: string; paidCard: string; paidEpoint: string };
  identity: IdentityPayload;
  /** HC Point bought for the player (basic), before the epoint order spent some. */
  hcCredit: number;
}

/**
 * A sandbox "payment.succeeded" webhook for an order, signed with the configured secret; it
 * names the order's recorded checkout, as the sandbox does.
 */
export async function payBySandboxWebhook(t: TestApp, order: string, amount: number) {
  const row = await t.database.db
    .selectFrom('orders')
    .select('provider_ref')
    .where('sdk_order_id', '=', order)
    .executeTakeFirstOrThrow();
  const body = JSON.stringify({
    id: `evt_${randomUUID()}`,
    type: 'payment.succeeded',
    data: {
      payment_id: row.provider_ref,
      order_id: order,
      amount,
      currency: 'USD',
      method: 'card',
    },
  });
  const ts = Math.floor(t.clock.now().getTime() / 1000);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/payment/webhook/sandbox',
    headers: {
      'content-type': 'application/json',
      'x-sandbox-signature': signSandboxPayload(t.config.payments.sandbox.webhookSecret, ts, body),
    },
    payload: body,
  });
  expect(res.json<WebhookAnswer>().result.outcome).toBe('paid');
}

/** A distinct, recognisable real-name record (`tag` keeps A's and B's values apart). */
export function identityFor(tag: string): IdentityPayload {
  const digits = String(100000 + Math.floor(Math.random() * 800000));
  return {
    name: `Realname ${tag} Quist`,
    birthday: '1991-04-12',
    address: `${tag} Secret Lane 7, Springfield`,
    phone: `+8529${digits.slice(0, 6)}1`,
    email: `realname.${tag.toLowerCase()}@example.org`,
    id_number: `ID${tag}${digits}X`,
    sign_region: `Region ${tag}`,
    sign_date: '2024-05-01',
  };
}

/** A fresh player with every kind of data the portal keeps about one (see the file comment). */
export async function seedPlayer(t: TestApp, tag: string): Promise<SeededPlayer> {
  const { database, app, config } = t;
  const a = await makeAccount(database.db);
  const uid = await createAccountsRepository(database.db).bindGameAccount(a.id, 1);
  const signedIn = await login(app, config.payloadKey, 'account', a.account, a.password, {
    ip: `10.77.${uid % 250}.${(a.id % 250) + 1}`,
  });
  expect(signedIn.code).toBe(ErrorCode.Ok);
  const token = signedIn.result.token;
  const roleId = `r-${uid}-1`;
  const createOrder = async (channel: string) => {
    const created = await call(
      t.app,
      api.orderWebCreate,
      {
        role_id: roleId,
        server_id: 1,
        cp_goods_id: GAME_PACK,
        channel_code: channel,
        role_name: '',
        server_name: '',
      },
      { token, gameId: 1 },
    );
    expect(created.code).toBe(ErrorCode.Ok);
    return created.result.sdk_order_id;
  };
  // Paid first: an open order for the same pack would be reused by the next create.
  const paidCard = await createOrder('card');
  await payBySandboxWebhook(t, paidCard, GAME_PACK_PRICE);
  const unpaid = await createOrder('card');
  const hcCredit = 1000;
  await database.db.transaction().execute((trx) =>
    creditHcPoint(trx, {
      gameAccountId: uid,
      basic: hcCredit,
      present: 0,
      idempotencyKey: `seed:${tag}:${uid}`,
    }),
  );
  const paidEpoint = await createOrder('epoint');
  const paid = await call(
    t.app,
    api.paymentOrderEpointPay,
    { paymentId: paidEpoint },
    { token, gameId: 1 },
  );
  expect(paid.code).toBe(ErrorCode.Ok);
  const identity = identityFor(tag);
  const saved = await call(
    t.app,
    api.identitySave,
    { data: await encryptPayload(config.payloadKey, JSON.stringify(identity)) },
    { token, gameId: 1 },
  );
  expect(saved.code).toBe(ErrorCode.Ok);
  const redeemed = await call(
    t.app,
    api.redeemCode,
    { code: DEMO_GIFT_CODE, server_id: 1, role_id: roleId },
    { token, gameId: 1 },
  );
  expect(redeemed.code).toBe(ErrorCode.Ok);
  return {
    accountId: a.id,
    account: a.account,
    email: a.email,
    phone: a.phone,
    password: a.password,
    uid,
    token,
    roleId,
    orders: { unpaid, paidCard, paidEpoint },
    identity,
    hcCredit,
  };
}

/**
 * Strings that identify `p` and that no other player's answer may contain: order numbers,
 * account name, email, phone and the real-name values (name, address, ID number).
 */
export function identifiersOf(p: SeededPlayer): string[] {
  return [
    p.orders.unpaid,
    p.orders.paidCard,
    p.orders.paidEpoint,
    p.account,
    p.email.toLowerCase(),
    p.phone,
    p.identity.name,
    p.identity.address,
    p.identity.id_number,
    p.identity.email,
  ];
}

/** The identifiers of `p` that occur in `text` (compared case-insensitively). */
export function leakedIdentifiers(text: string, p: SeededPlayer): string[] {
  const lower = text.toLowerCase();
  return identifiersOf(p).filter((id) => lower.includes(id.toLowerCase()));
}
