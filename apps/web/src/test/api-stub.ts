// A stubbed fetch for tests: answers contract calls by path with envelopes, records requests.
import type { CallResult, api } from '@hc/contract';
import { vi } from 'vitest';

export type SiteConfig = CallResult<typeof api.settingInit>;
export type UinfoResult = CallResult<typeof api.userUinfo>;

export const testConfig: SiteConfig = {
  site_title: 'Test Portal',
  logo: '/favicon.svg',
  game_id: 1,
  games: [{ game_id: 1, name: 'Dragon Saga', icon: '/img/ds.png', platforms: ['android', 'pc'] }],
  ios_supported: true,
  payload_key: 'q1X0d3Jm9Qm8r9wT5v2s7b4n1c6x8z0a2s4d6f8g0h0=',
  customer_service: 'https://support.example.com/chat',
  languages: ['en-US'],
  fallback_language: 'en-US',
  server_time: 1_767_225_600,
  social: [],
  sign_up: { enabled: false, terms_version: '2026-01', privacy_version: '2026-01' },
};

export const anonymousUinfo: UinfoResult = {
  login: false,
  isInit: true,
  accid: null,
  account: null,
  gameAccountId: null,
  gameId: null,
  userId: null,
  customer_service: null,
};

export const playerUinfo: UinfoResult = {
  login: true,
  isInit: true,
  accid: 1001,
  account: 'player01',
  gameAccountId: 5001,
  gameId: 1,
  userId: 5001,
  customer_service: 'https://support.example.com/player',
};

export function envelope(result: unknown, status = 200): Response {
  return new Response(JSON.stringify({ code: 0, msg: 'ok', result }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

export function businessError(code: number, msg: string, data?: unknown): Response {
  return new Response(JSON.stringify({ code, msg, data }), { status: 200 });
}

export interface RecordedRequest {
  url: string;
  init: RequestInit;
  headers: Record<string, string>;
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** Stubs global fetch; unknown paths answer a 404 status. Returns the recorded requests. */
export function stubApi(handlers: Record<string, Handler> = {}) {
  const requests: RecordedRequest[] = [];
  const all: Record<string, Handler> = {
    '/api/setting/init': () => envelope(testConfig),
    '/api/time': () => envelope({ ts: Math.floor(Date.now() / 1000), ms: Date.now() }),
    '/api/user/uinfo': () => envelope(anonymousUinfo),
    '/api/operate/epoint/balance': () => envelope({ basicNum: 100, presentNum: 20 }),
    '/api/user/logout': () => envelope({ done: true }),
    ...handlers,
  };
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    const request = { url, init, headers };
    requests.push(request);
    const handler = all[url.split('?')[0] ?? url];
    return handler ? handler(request) : new Response('not found', { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}
