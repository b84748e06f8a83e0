// A publisher and three players on a production-like install (README "How a publisher brings
// players in", docs/publisher-api.md, docs/import.md, ADR 0042, ADR 0043). This file starts its
// own portal on a fresh PostgreSQL database with SEED_DEMO=false: no game, no catalog, no demo
// account, no demo operator. The test then works as a publisher would: an operator made with
// `portal operator create` adds the game, its gateway and a game pack in the console API,
// `portal publisher-key create` gives the demo game's backend its key, and the demo game (a real
// game backend here) is started with the gateway secret and that key.
//   A: the game provisions the player (players/upsert, players/bind), the player opens the portal
//      from the game (the demo game's /_demo/open-portal calls handover/create) and buys a pack.
//   B: signs up on /signup (email code from the dev outbox), binds with the link code the game
//      shows (/_demo/link-code calls link-codes/create), buys a pack.
//   C: imported from a CSV with a PBKDF2 hash and signs in on /login with the old password.
//   Refusals: wrong signature, replayed nonce, uid bound elsewhere, unknown player, used link code,
//   a malformed CSV row; each with its catalogued code and nothing changed.
// Skipped when PostgreSQL is not reachable (E2E_PG_URL, default the local server).
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import pg from 'pg';
import accountEn from '../apps/web/src/locales/en-US/account.json' with { type: 'json' };
import topupEn from '../apps/web/src/locales/en-US/topup.json' with { type: 'json' };
import { ErrorCode } from '../packages/contract/src/errors.ts';
import {
  PUBLISHER_API_PREFIX,
  PUBLISHER_SIGNATURE_HEADER,
  signPublisherRequest,
} from '../packages/contract/src/publisher.ts';
import { expect, test } from './fixtures';
import {
  apiLogin,
  auth,
  en,
  lastOutboxId,
  logoutButton,
  readCode,
  submitAccountLogin,
} from './support/auth';

test.describe.configure({ mode: 'serial' });

const PG_SERVER = process.env.E2E_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const GAME_ID = 7301;
const PACK = {
  cpGoodsId: 'quest_gem_pouch',
  name: 'Gem Pouch',
  items: [
    { item_id: 'gem', name: 'Gem', count: 120 },
    { item_id: 'scroll', name: 'Scroll of Haste', count: 2 },
  ],
};
const OPERATOR = { name: 'quest-ops', password: 'Ops!pass-2026' };
const t = topupEn;
const run = randomBytes(4).toString('hex');

interface Proc {
  child: ChildProcess;
  lines: string[];
}

let dbName = '';
let dbUrl = '';
let dir = '';
let portal = '';
let game = '';
let portalProc: Proc | undefined;
let gameProc: Proc | undefined;
let env: Record<string, string> = {};
let api: APIRequestContext;
let key = { id: '', secret: '' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function start(args: string[], extra: Record<string, string>): Proc {
  const child = spawn(process.execPath, args, {
    env: { ...env, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    if (lines.length > 400) lines.splice(0, lines.length - 400);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, lines };
}

async function waitUp(proc: Proc, url: string, what: string): Promise<void> {
  const until = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until || proc.child.exitCode !== null)
      throw new Error(`${what} not ready:\n${proc.lines.slice(-30).join('\n')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stop(proc: Proc | undefined): Promise<void> {
  const child = proc?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** `npm run portal -- <args>` without its build check: the built CLI, with the portal's env. */
function portalCli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['apps/server/dist/portal.js', ...args],
      { env, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** A small PNG (RGB, one colour), the pack picture the console uploads. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

interface Envelope<T = Record<string, unknown>> {
  code: number;
  msg: string;
  result?: T;
  data?: unknown;
}

interface PublisherReply<T> extends Envelope<T> {
  status: number;
}

interface PlayerResult {
  account: { accid: number; account: string; email: string | null; disabled: boolean };
  binding: { game_id: number; uid: string; display_name: string | null } | null;
  created?: boolean;
}

/** A signed Publisher API call as a game backend sends it; `tamper` changes what is sent. */
async function publisher<T = PlayerResult>(
  call: string,
  body: object,
  tamper: (headers: Record<string, string>) => Record<string, string> = (h) => h,
): Promise<PublisherReply<T> & { headers: Record<string, string>; raw: string }> {
  const path = `${PUBLISHER_API_PREFIX}/${call}`;
  const raw = JSON.stringify(body);
  const signed = await signPublisherRequest({
    keyId: key.id,
    secret: key.secret,
    method: 'POST',
    path,
    body: raw,
  });
  const headers = tamper({ ...signed });
  return { ...(await sendPublisher(path, raw, headers)), headers, raw };
}

async function sendPublisher<T>(
  path: string,
  raw: string,
  headers: Record<string, string>,
): Promise<PublisherReply<T>> {
  const res = await fetch(`${portal}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: raw,
  });
  return { status: res.status, ...((await res.json()) as Envelope<T>) };
}

async function consoleCall<T = Record<string, unknown>>(
  path: string,
  body: object,
  csrf: string,
): Promise<T> {
  const res = await api.post(path, { data: body, headers: { 'x-csrf-token': csrf } });
  const envelope = (await res.json()) as Envelope<T>;
  expect(envelope.code, `${path}: ${JSON.stringify(envelope)}`).toBe(0);
  return envelope.result as T;
}

/** The game knows the player (a game registers its players before the portal asks `validate`). */
async function registerInGame(uid: string, displayName: string): Promise<void> {
  const res = await api.post(`${game}/_demo/players`, {
    data: { uid, display_name: displayName },
  });
  expect(res.ok()).toBe(true);
}

/** Server Dawn, the player's hero, the pack, card; pays in the sandbox; answers the order id. */
async function buyPack(page: Page, role: string): Promise<string> {
  await page.getByTestId('topup-server').getByRole('radio', { name: /Dawn/ }).check();
  await page.getByTestId('topup-role').getByRole('radio', { name: role }).check();
  await page.getByTestId(`topup-product-${PACK.cpGoodsId}`).getByRole('radio').check();
  await page.getByTestId('topup-pay').getByRole('radio', { name: t.pay.card }).check();
  const popup = page.context().waitForEvent('page');
  await page.getByRole('button', { name: t.confirm }).click();
  const checkout = await popup;
  await checkout.waitForURL(/\/pay\/sandbox\/sbx_/);
  await expect(checkout.getByText('$4.99', { exact: true })).toBeVisible();
  await checkout.getByLabel('Card number').fill('4242 4242 4242 4242');
  await checkout.getByLabel('Expiry date (MM/YY)').fill('12/39');
  await checkout.getByLabel('Security code (CVC)').fill('123');
  await checkout.getByRole('button', { name: /^Pay \$4\.99/ }).click();
  await expect(checkout.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await checkout.close();
  await page.getByRole('button', { name: t.payDialog.done }).click();
  await page.waitForURL(/\/main\/recharge\/detail\/HC\w+$/);
  await expect(page.getByTestId('order-status')).toHaveText(t.status.completed, {
    timeout: 30_000,
  });
  await expect(page.getByRole('main').getByText(role, { exact: true }).first()).toBeVisible();
  return page.url().split('/').pop() ?? '';
}

interface Grant {
  applied: number;
  request: {
    uid: string | number;
    server_id: number;
    role_id: string;
    order_id: string;
    items: Array<{ item_id: string; count: number }>;
  };
}

/** The demo game's record of the order's delivery: applied once, to that player's hero. */
async function expectDeliveredInGame(orderId: string, uid: string): Promise<void> {
  const grants = (await (await api.get(`${game}/_demo/grants`)).json()) as {
    deliveries: Record<string, { order_id: string }>;
    orders: Record<string, number>;
  };
  expect(grants.orders[orderId]).toBe(1);
  const deliveryId = Object.entries(grants.deliveries).find(([, d]) => d.order_id === orderId)?.[0];
  expect(deliveryId).toBeDefined();
  const grant = (await (
    await api.get(`${game}/_demo/grants/${encodeURIComponent(deliveryId ?? '')}`)
  ).json()) as Grant;
  expect(grant.applied).toBe(1);
  expect(String(grant.request.uid)).toBe(uid);
  expect(grant.request).toMatchObject({ server_id: 1, role_id: `r-${uid}-1` });
  expect(grant.request.items.map((i) => [i.item_id, i.count])).toEqual(
    PACK.items.map((i) => [i.item_id, i.count]),
  );
}

async function expectSignedInAs(page: Page, account: string): Promise<void> {
  await expect(logoutButton(page)).toBeVisible();
  await expect(logoutButton(page)).toHaveAttribute(
    'title',
    en.nav.signedInAs.replace('{{account}}', account),
  );
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(120_000);
  const reachable = await admin(PG_SERVER, (c) => c.query('select 1'))
    .then(() => true)
    .catch(() => false);
  test.skip(!reachable, `PostgreSQL is not reachable at ${PG_SERVER} (set E2E_PG_URL)`);
  dbName = `hc_e2e_provisioning_${run}`;
  await admin(PG_SERVER, (c) => c.query(`create database ${dbName}`));
  dbUrl = withDatabase(PG_SERVER, dbName);
  dir = mkdtempSync(join(tmpdir(), 'hc-e2e-provisioning-'));
  const port = await freePort();
  portal = `http://127.0.0.1:${port}`;
  game = `http://127.0.0.1:${await freePort()}`;
  env = {
    PATH: process.env.PATH ?? '',
    // Not development: the server and the CLI would then read a developer's .env.
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_BASE_URL: portal,
    DATABASE_URL: dbUrl,
    DATA_DIR: join(dir, 'unused-data-dir'),
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    SIGN_UP_ENABLED: 'true',
    DEV_OUTBOX: 'true',
    PAYMENT_CARD_PROVIDER: 'sandbox',
    SANDBOX_PAYMENTS: 'true',
    WORKER_INTERVAL_MS: '200',
  };
  portalProc = start(['apps/server/dist/main.js'], {});
  await waitUp(portalProc, `${portal}/readyz`, 'portal');
  api = await playwright.request.newContext({ baseURL: portal });
});

test.afterAll(async () => {
  await api?.dispose();
  await stop(gameProc);
  await stop(portalProc);
  if (dbName !== '')
    await admin(PG_SERVER, (c) => c.query(`drop database if exists ${dbName} with (force)`));
  if (dir !== '') rmSync(dir, { recursive: true, force: true });
});

test('the publisher sets up its game on an empty portal: console, gateway, pack, publisher key', async () => {
  test.setTimeout(90_000);
  // SEED_DEMO=false: no game (the player site answers SystemBusy until there is one), no demo
  // player, no demo operator.
  const siteInit = async () =>
    (await (await api.post('/api/setting/init', { data: {} })).json()) as Envelope<{
      games: Array<{ game_id: number; name: string }>;
      sign_up: { enabled: boolean } | null;
    }>;
  expect(await siteInit()).toMatchObject({
    code: ErrorCode.SystemBusy,
    data: { reason: 'no game configured' },
  });
  const demoOperator = await api.post('/api/console/session/login', {
    data: { name: 'operator', password: 'operator1234' },
  });
  expect(((await demoOperator.json()) as Envelope).code).toBe(ErrorCode.ConsoleSignInFailed);

  // The first operator, from the CLI; the setup link's token sets the password.
  const made = await portalCli(['operator', 'create', OPERATOR.name, '--role', 'operations']);
  expect(made.code, made.stdout + made.stderr).toBe(0);
  const token = /setup link: \S+\/console\/setup#(\S+)/.exec(made.stdout)?.[1] ?? '';
  expect(token).not.toBe('');
  const accepted = (await (
    await api.post('/api/console/setup/accept', {
      data: { token, password: OPERATOR.password },
    })
  ).json()) as Envelope;
  expect(accepted.code, JSON.stringify(accepted)).toBe(0);
  const login = (await (
    await api.post('/api/console/session/login', { data: OPERATOR })
  ).json()) as Envelope<{ csrfToken: string }>;
  expect(login.code, JSON.stringify(login)).toBe(0);
  const csrf = login.result?.csrfToken ?? '';

  // The game and its gateway; the portal generates the gateway secret and shows it once.
  await consoleCall(
    '/api/console/games/create',
    {
      id: GAME_ID,
      names: { 'en-US': 'Quest of Provisioning' },
      icons: {},
      platforms: ['android', 'pc'],
      sort: 0,
    },
    csrf,
  );
  const gateway = await consoleCall<{ secret?: string }>(
    '/api/console/games/gateway/set',
    { gameId: GAME_ID, url: game },
    csrf,
  );
  expect(gateway.secret).toBeDefined();
  const init = await siteInit();
  expect(init.code, JSON.stringify(init)).toBe(0);
  expect(init.result?.games).toEqual([
    expect.objectContaining({ game_id: GAME_ID, name: 'Quest of Provisioning' }),
  ]);
  expect(init.result?.sign_up?.enabled).toBe(true);
  expect((await apiLogin(api, 'demo', 'demo1234')).code).toBe(ErrorCode.LoginNameNotFound);

  // The game's Publisher API key, from the CLI.
  const issued = await portalCli(['publisher-key', 'create', String(GAME_ID)]);
  expect(issued.code, issued.stdout + issued.stderr).toBe(0);
  key = {
    id: /^key id: (pk_[0-9a-f]{24})$/m.exec(issued.stdout)?.[1] ?? '',
    secret: /^secret: (\S+)$/m.exec(issued.stdout)?.[1] ?? '',
  };
  expect(key.id).not.toBe('');
  expect(key.secret).not.toBe('');

  // The game backend, configured with the gateway secret and the publisher key.
  gameProc = start(['apps/demo-game/dist/main.js'], {
    DEMO_GAME_HOST: '127.0.0.1',
    DEMO_GAME_PORT: new URL(game).port,
    DEMO_GAME_ID: String(GAME_ID),
    DEMO_GAME_SECRET: gateway.secret ?? '',
    DEMO_GAME_PORTAL_URL: portal,
    DEMO_GAME_PUBLISHER_KEY_ID: key.id,
    DEMO_GAME_PUBLISHER_SECRET: key.secret,
  });
  await waitUp(gameProc, `${game}/healthz`, 'demo game');
  const tested = await consoleCall<{ ok: boolean; servers?: number; error?: string }>(
    '/api/console/games/gateway/test',
    { gameId: GAME_ID },
    csrf,
  );
  expect(tested, JSON.stringify(tested)).toMatchObject({ ok: true, servers: 3 });
  const synced = await consoleCall<{ total: number }>(
    '/api/console/games/servers/sync',
    { gameId: GAME_ID },
    csrf,
  );
  expect(synced.total).toBe(3);

  // A game pack with its picture.
  const upload = await api.post('/api/console/images/upload', {
    data: png(64, 64, [212, 160, 23]),
    headers: { 'content-type': 'image/png', 'x-csrf-token': csrf },
  });
  const image = ((await upload.json()) as Envelope<{ url: string }>).result?.url ?? '';
  expect(image).toMatch(/^\/media\/[0-9a-f]{64}\.png$/);
  const pack = await consoleCall<{ status: string }>(
    '/api/console/catalog/packs/create',
    {
      gameId: GAME_ID,
      kind: 'game',
      cpGoodsId: PACK.cpGoodsId,
      names: { 'en-US': PACK.name },
      images: { 'en-US': image },
      price: 499,
      currency: 'USD',
      bonus: 0,
      gift: 0,
      amount: null,
      items: PACK.items,
      serverIds: null,
      sort: 0,
      enabled: true,
      saleBegin: null,
      saleEnd: null,
    },
    csrf,
  );
  expect(pack.status).toBe('on_sale');
});

const A = { uid: `qa-${run}`, name: 'Aria Vance', account: `quest_a_${run}` };
let accidA = 0;

test('A: the game provisions the player, who opens the portal from the game and buys a pack', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerInGame(A.uid, A.name);
  const upsert = await publisher('players/upsert', {
    uid: A.uid,
    account: A.account,
    display_name: A.name,
    email: `aria-${run}@example.com`,
  });
  expect(upsert.code, JSON.stringify(upsert)).toBe(0);
  expect(upsert.result).toMatchObject({
    created: true,
    account: { account: A.account, disabled: false },
    binding: { game_id: GAME_ID, uid: A.uid, display_name: A.name },
  });
  accidA = upsert.result?.account.accid ?? 0;
  // Binding the same pair again is accepted and changes nothing.
  const bind = await publisher('players/bind', { uid: A.uid, accid: accidA });
  expect(bind.code, JSON.stringify(bind)).toBe(0);
  expect(bind.result?.binding?.uid).toBe(A.uid);

  // "Top up" in the game: its backend asks handover/create and redirects the browser.
  await page.goto(`${game}/_demo/open-portal?uid=${encodeURIComponent(A.uid)}`);
  await expect(page).toHaveURL(new RegExp(`^${portal}/main/recharge$`));
  await expect(page.getByTestId('topup-server')).toBeVisible();
  await expectSignedInAs(page, A.account);
  expect(new URL(page.url()).searchParams.has('hctoken')).toBe(false);
  const orderId = await buyPack(page, `Hero${A.uid}`);
  await expectDeliveredInGame(orderId, A.uid);
});

const B = {
  uid: `qb-${run}`,
  name: 'Bran Holt',
  account: `questb${run}`,
  email: `bran-${run}@example.com`,
  password: 'Lantern!42b',
};
let linkCodeB = '';

test('B: signs up on the portal, binds the game account with a link code and buys', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.goto(`${portal}/signup`);
  const form = page.getByTestId('sign-up-form');
  await form.getByRole('textbox', { name: auth.fields.email }).fill(B.email);
  const after = await lastOutboxId(api, B.email);
  await form.getByRole('button', { name: auth.getCode }).click();
  const code = await readCode(api, B.email, after);
  await form.getByRole('textbox', { name: auth.fields.code }).fill(code);
  await form.getByRole('textbox', { name: auth.signUp.account }).fill(B.account);
  await form.getByLabel(auth.fields.password, { exact: true }).fill(B.password);
  await form.getByLabel(auth.signUp.confirmPassword, { exact: true }).fill(B.password);
  const birthday = form.getByRole('textbox', { name: auth.signUp.birthday });
  await birthday.fill('1994-07-21');
  await birthday.blur();
  await form.getByRole('checkbox').check();
  await form.getByRole('button', { name: auth.signUp.submit }).click();
  await expectSignedInAs(page, B.account);

  // The game shows a link code (its backend calls link-codes/create).
  await registerInGame(B.uid, B.name);
  const shown = await api.post(`${game}/_demo/link-code`, { data: { uid: B.uid } });
  expect(shown.ok(), await shown.text()).toBe(true);
  linkCodeB = ((await shown.json()) as { code: string }).code;
  expect(linkCodeB).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);

  await page.goto(`${portal}/main/account/user`);
  const section = page.getByTestId('bind-game');
  // Typed as players do: lower case, with the dash the game shows.
  const typed = `${linkCodeB.slice(0, 4)}-${linkCodeB.slice(4)}`.toLowerCase();
  await section.getByRole('textbox', { name: accountEn.bind.code }).fill(typed);
  await section.getByRole('button', { name: accountEn.bind.submit }).click();
  await expect(section.getByTestId('bind-success')).toContainText(B.name);
  await expect(section.getByTestId('bound-games')).toContainText(
    accountEn.bind.uid.replace('{{uid}}', B.uid),
  );
  const bound = await publisher('players/get', { uid: B.uid });
  expect(bound.result?.account.account).toBe(B.account);

  await page.goto(`${portal}/main/recharge`);
  const orderId = await buyPack(page, `Hero${B.uid}`);
  await expectDeliveredInGame(orderId, B.uid);
});

const C = {
  uid: `qc-${run}`,
  name: 'Cael Imported',
  account: `legacy_c_${run}`,
  email: `cael-${run}@example.com`,
  password: 'Old-forum#2019',
};

test('C: imported from a CSV with the old password hash, signs in with the old password', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const salt = 'q8TmZ2rVxY4n';
  const iterations = 20_000;
  const hash = `pbkdf2_sha256$${iterations}$${salt}$${pbkdf2Sync(C.password, salt, iterations, 32, 'sha256').toString('base64')}`;
  const csv = join(dir, 'accounts.csv');
  const report = join(dir, 'rejects.csv');
  writeFileSync(
    csv,
    [
      'account,email,phone,password_hash,game_id,uid,display_name',
      `${C.account},${C.email},,${hash},${GAME_ID},${C.uid},${C.name}`,
      `broken_${run},broken-${run}@example.com,,,${GAME_ID}`,
      '',
    ].join('\n'),
  );
  const imported = await portalCli([
    'import-accounts',
    csv,
    '--source',
    'old-forum',
    '--report',
    report,
  ]);
  // Exit 1: a row was rejected, the others imported.
  expect(imported.code, imported.stdout + imported.stderr).toBe(1);
  expect(imported.stdout).toMatch(/^created: 1$/m);
  expect(imported.stdout).toMatch(/^rejected: 1$/m);
  expect(imported.stdout).toMatch(/^ {2}malformed_row: 1$/m);
  const rejects = readFileSync(report, 'utf8').trim().split('\n');
  expect(rejects[0]).toBe('line,account,reason,detail');
  expect(rejects.slice(1)).toHaveLength(1);
  expect(rejects[1]).toMatch(/^3,.*,malformed_row,/);
  const stored = () =>
    admin(dbUrl, (c) =>
      c.query<{ account: string; password_format: string | null }>(
        'select account, password_format from accounts where account = any($1)',
        [[C.account, `broken_${run}`]],
      ),
    );
  expect((await stored()).rows).toEqual([{ account: C.account, password_format: 'pbkdf2_django' }]);

  await registerInGame(C.uid, C.name);
  await page.goto(`${portal}/login?redirect=%2Fmain%2Faccount%2Fuser`);
  await submitAccountLogin(page, C.account, C.password);
  await expect(page).toHaveURL(new RegExp(`^${portal}/main/account/user$`));
  await expectSignedInAs(page, C.account);
  await expect(page.getByTestId('bound-games')).toContainText(
    accountEn.bind.uid.replace('{{uid}}', C.uid),
  );
  // The first sign-in re-hashed the password to the portal's own argon2id.
  expect((await stored()).rows).toEqual([{ account: C.account, password_format: null }]);
});

test('refusals carry their catalogued codes and change nothing', async () => {
  const binding = async (uid: string) => (await publisher('players/get', { uid })).result;

  // Wrong signature: 401 PublisherAuthFailed, no account made.
  const stranger = `qx-${run}`;
  await registerInGame(stranger, 'Xan Stranger');
  const forged = await publisher('players/upsert', { uid: stranger }, (h) => ({
    ...h,
    [PUBLISHER_SIGNATURE_HEADER]: (h[PUBLISHER_SIGNATURE_HEADER] ?? '').replace(/.$/, (c) =>
      c === '0' ? '1' : '0',
    ),
  }));
  expect(forged.status).toBe(401);
  expect(forged.code).toBe(ErrorCode.PublisherAuthFailed);
  expect((await publisher('players/get', { uid: stranger })).code).toBe(
    ErrorCode.GameAccountNotFound,
  );

  // Replayed nonce: the same signed request again is refused and does not undo a later change.
  const first = await publisher('players/upsert', { uid: A.uid, display_name: 'Aria (old)' });
  expect(first.code).toBe(0);
  expect((await publisher('players/upsert', { uid: A.uid, display_name: A.name })).code).toBe(0);
  const replay = await sendPublisher(
    `${PUBLISHER_API_PREFIX}/players/upsert`,
    first.raw,
    first.headers,
  );
  expect(replay.status).toBe(401);
  expect(replay.code).toBe(ErrorCode.PublisherNonceReplayed);
  expect((await binding(A.uid))?.binding?.display_name).toBe(A.name);

  // A uid bound to someone else: neither a bind to B's account nor a link code takes it.
  const accidB = (await binding(B.uid))?.account.accid ?? 0;
  expect(accidB).toBeGreaterThan(0);
  const steal = await publisher('players/bind', { uid: A.uid, accid: accidB });
  expect(steal.code).toBe(ErrorCode.GameAccountBoundElsewhere);
  expect((await publisher('link-codes/create', { uid: A.uid })).code).toBe(
    ErrorCode.GameAccountBoundElsewhere,
  );
  expect((await binding(A.uid))?.account.accid).toBe(accidA);
  expect((await binding(B.uid))?.binding?.uid).toBe(B.uid);

  // A player the game does not know gets no hand-over link.
  expect((await publisher('handover/create', { uid: `qz-unknown-${run}` })).code).toBe(
    ErrorCode.PlayerUnknownToGame,
  );

  // A used link code: C (signed in by password) types the code B already used.
  const signedIn = await apiLogin(api, C.account, C.password);
  expect(signedIn.code, JSON.stringify(signedIn)).toBe(0);
  const reuse = await api.post('/api/user/gameAccount/bind', {
    data: { code: linkCodeB },
    headers: { token: signedIn.result?.token ?? '' },
  });
  expect(((await reuse.json()) as Envelope).code).toBe(ErrorCode.LinkCodeUsed);
  expect((await binding(B.uid))?.account.accid).toBe(accidB);
  expect((await binding(C.uid))?.account.account).toBe(C.account);
});
