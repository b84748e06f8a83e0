// The API client rules of docs/product/session.md, docs/product/api.md against a stubbed fetch.
import { ErrorCode, REQUEST_TIMEOUT_MS, STORAGE_KEYS, api } from '@hc/contract';
import { describe, expect, it, vi } from 'vitest';
import { businessError, envelope, playerUinfo, stubApi, testConfig } from '../test/api-stub';
import { callApi } from './api-client';
import { ApiError } from './api-error';
import { appStore } from './app-store';
import { registerSessionUi } from './session';
import { sessionEvents } from './session-events';
import { storage } from './storage';

const tokenFailResponse = () =>
  new Response(JSON.stringify({ code: ErrorCode.tokenFail, msg: 'token fail' }), { status: 203 });

function fakeSessionUi(pathname = '/main/recharge', search = '?a=1') {
  const confirms: Array<() => void> = [];
  const ui = {
    navigate: vi.fn<(to: string) => void>(),
    confirmExpired: vi.fn(() => new Promise<void>((resolve) => confirms.push(resolve))),
    currentLocation: () => ({ pathname, search }),
  };
  registerSessionUi(ui);
  return { ui, confirms };
}

function recordEvents() {
  const seen: string[] = [];
  for (const name of ['expired', 'expired_confirm'] as const) {
    sessionEvents.on(name, () => seen.push(name));
  }
  return seen;
}

describe('callApi', () => {
  it('sends the docs/product/api.md#request-headers headers, with the stored token and a persistent client id', async () => {
    storage.setToken('tok_123');
    appStore.setState({
      config: testConfig,
      userInfo: { ...appStore.getState().userInfo, gameAccountId: 5001, gameId: 2, userId: 77 },
    });
    const { requests } = stubApi();
    await callApi(api.settingInit, {});
    await callApi(api.settingInit, {});
    const [first, second] = requests;
    expect(first?.headers).toMatchObject({
      token: 'tok_123',
      htmlversion: 'test-build',
      accountid: '5001',
      gameid: '2',
      userid: '77',
      'content-type': 'application/json',
    });
    expect(first?.headers.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(first?.headers.clientid).toMatch(/^[0-9a-f-]{36}$/);
    expect(second?.headers.clientid).toBe(first?.headers.clientid);
    expect(window.localStorage.getItem(STORAGE_KEYS.deviceId)).toBe(first?.headers.clientid);
    expect(first?.init.method).toBe('POST');
  });

  it('leaves out empty headers and sends GET calls without a body', async () => {
    const { requests } = stubApi({ '/api/time': () => envelope({ ts: 1, ms: 1000 }) });
    await expect(callApi(api.time)).resolves.toEqual({ ts: 1, ms: 1000 });
    expect(requests[0]?.init.method).toBe('GET');
    expect(requests[0]?.init.body).toBeUndefined();
    expect(requests[0]?.headers).not.toHaveProperty('token');
    expect(requests[0]?.headers).not.toHaveProperty('accountid');
  });

  it('returns the parsed result on code 0', async () => {
    stubApi({ '/api/user/uinfo': () => envelope(playerUinfo) });
    await expect(callApi(api.userUinfo, {})).resolves.toEqual(playerUinfo);
  });

  it('rejects a result that does not match the call schema as a 500', async () => {
    stubApi({ '/api/user/uinfo': () => envelope({ login: 'yes' }) });
    await expect(callApi(api.userUinfo, {})).rejects.toMatchObject({ code: 500 });
  });

  it('rejects a business error with an ApiError carrying code, msg and data', async () => {
    stubApi({
      '/api/user/uinfo': () => businessError(ErrorCode.SystemBusy, 'busy', { retry: true }),
    });
    const error = await callApi(api.userUinfo, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      code: ErrorCode.SystemBusy,
      msg: 'busy',
      data: { retry: true },
      key: 'SystemBusy',
    });
  });

  it('rejects any status other than 200 and 203 as code 500', async () => {
    stubApi({ '/api/user/uinfo': () => new Response('oops', { status: 502 }) });
    await expect(callApi(api.userUinfo, {})).rejects.toMatchObject({ code: 500 });
  });

  it('turns a network error into code 500 with its message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(callApi(api.userUinfo, {})).rejects.toMatchObject({
      code: 500,
      msg: 'Failed to fetch',
    });
  });

  it('aborts after the 60 s timeout and rejects with code 500', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_: string, init: RequestInit) => {
        signal = init.signal ?? undefined;
        return new Promise<Response>((_resolve, reject) =>
          signal?.addEventListener('abort', () =>
            reject(new DOMException('aborted', 'AbortError')),
          ),
        );
      }),
    );
    const pending = callApi(api.userUinfo, {}).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 1);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    await expect(pending).resolves.toMatchObject({ code: 500 });
  });

  it('fills path parameters', async () => {
    const { requests } = stubApi({
      '/api/game/info/content/42': () => envelope({}),
    });
    await callApi(api.gameInfoContent, {}, { params: { id: 42 } }).catch(() => undefined);
    expect(requests[0]?.url).toBe('/api/game/info/content/42');
  });
});

describe('session expiry (HTTP 203, docs/product/session.md#session-expiry)', () => {
  it('emits expired, drops the token, shows one dialog for concurrent 203s and goes to /login', async () => {
    storage.setToken('tok_old');
    const { ui, confirms } = fakeSessionUi('/main/recharge', '?a=1');
    const events = recordEvents();
    stubApi({ '/api/user/uinfo': tokenFailResponse });

    const results = await Promise.all(
      [1, 2, 3].map(() => callApi(api.userUinfo, {}).catch((e: unknown) => e)),
    );

    for (const result of results) expect(result).toMatchObject({ code: ErrorCode.tokenFail });
    expect(storage.getToken()).toBeNull();
    expect(events).toEqual(['expired']);
    expect(ui.confirmExpired).toHaveBeenCalledTimes(1);
    expect(ui.navigate).toHaveBeenCalledTimes(1);
    expect(ui.navigate).toHaveBeenCalledWith('/login?redirect=%2Fmain%2Frecharge%3Fa%3D1');

    // Confirming re-arms the handler: the next 203 shows a dialog again.
    confirms[0]?.();
    await vi.waitFor(() => expect(events).toEqual(['expired', 'expired_confirm']));
    await callApi(api.userUinfo, {}).catch(() => undefined);
    expect(ui.confirmExpired).toHaveBeenCalledTimes(2);
  });

  it('sends no redirect parameter when expiry happens at the root', async () => {
    const { ui } = fakeSessionUi('/', '');
    stubApi({ '/api/user/uinfo': tokenFailResponse });
    await callApi(api.userUinfo, {}).catch(() => undefined);
    expect(ui.navigate).toHaveBeenCalledWith('/login');
  });
});

describe('code 20002 (ContextReset, docs/product/session.md#code-20002)', () => {
  it('goes to / unless already there', async () => {
    stubApi({ '/api/user/uinfo': () => businessError(ErrorCode.ContextReset, 'reset') });
    const away = fakeSessionUi('/main/home', '');
    await expect(callApi(api.userUinfo, {})).rejects.toMatchObject({ code: 20002 });
    expect(away.ui.navigate).toHaveBeenCalledWith('/');

    const atRoot = fakeSessionUi('/', '');
    await callApi(api.userUinfo, {}).catch(() => undefined);
    expect(atRoot.ui.navigate).not.toHaveBeenCalled();
  });
});
