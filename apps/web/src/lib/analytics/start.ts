// The lazily loaded half of the tracker: wires the sender to the browser (the api
// client for the session key, WebCrypto, fetch keepalive, sendBeacon, the home config's
// loggerUrl) and plugs it into the entry's queue. Loaded on idle by use-analytics.ts.
import { ErrorCode, api } from '@hc/contract';
import { callApi } from '../api-client';
import { appStore, currentGameId } from '../app-store';
import { getRequestLanguage } from '../request-context';
import { storage } from '../storage';
import { currentNavigationEntry, loadingTimes } from './navigation-timing';
import { createSender, syncSignature, type PostOutcome, type Sender } from './sender';
import { toBase64Url } from './hmac';
import { connectSink, getLanding } from './track';
import { trafficSource, trafficSourceLink } from './traffic-source';

/** Used when the home config names no logger (docs/product/analytics.md#sending loggerUrl) or cannot be loaded. */
export const DEFAULT_COLLECTOR = api.analyticsCollect.path;

/** loggerUrl when it is an http(s) URL (absolute or relative to this page), else our collector. */
export function collectorUrl(loggerUrl: string | null | undefined, origin: string): string {
  if (!loggerUrl) return DEFAULT_COLLECTOR;
  try {
    const url = new URL(loggerUrl, origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : DEFAULT_COLLECTOR;
  } catch {
    return DEFAULT_COLLECTOR;
  }
}

/** The collector's envelope code → what to do with the batch. */
export function postOutcome(status: number, code: number | undefined): PostOutcome {
  if (status !== 200 || code === undefined) return 'retry';
  if (code === 0) return 'ok';
  if (code === ErrorCode.AnalyticsSignatureInvalid || code === ErrorCode.AnalyticsReplay) {
    return 'renew';
  }
  if (code === ErrorCode.TooManyRequests) return 'retry';
  return 'drop';
}

const textBlob = (text: string) => new Blob([text], { type: 'text/plain' });

async function post(url: string, body: string): Promise<PostOutcome> {
  const response = await fetch(url, {
    method: 'POST',
    body: textBlob(body),
    keepalive: true,
    credentials: 'omit',
  });
  const json = (await response.json().catch(() => null)) as { code?: unknown } | null;
  return postOutcome(response.status, typeof json?.code === 'number' ? json.code : undefined);
}

export async function webCryptoSign(key: Uint8Array, payload: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  // WebCrypto is missing on plain-http hosts other than localhost: sign in code there.
  if (!subtle) return syncSignature(key, payload);
  const cryptoKey = await subtle.importKey(
    'raw',
    key as BufferSource,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = await subtle.sign('HMAC', cryptoKey, new TextEncoder().encode(payload));
  return toBase64Url(new Uint8Array(signature));
}

async function resolveEndpoint(): Promise<string> {
  const home = await callApi(api.settingWebHomeConfJodo, {}).catch(() => null);
  return collectorUrl(home?.gameInfo.customConfig.loggerUrl, window.location.origin);
}

function batchContext() {
  const state = appStore.getState();
  const lang = getRequestLanguage();
  const validLang = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/.test(lang) && lang.length <= 16;
  const gameId = currentGameId(state);
  return {
    ...(validLang ? { lang } : {}),
    ...(gameId ? { game_id: gameId } : {}),
    ...(state.userInfo.login && state.userInfo.accid ? { account_id: state.userInfo.accid } : {}),
  };
}

function loadingPageFields() {
  const landing = getLanding();
  const link = trafficSourceLink(landing.referrer, landing.origin);
  return {
    trafficsource: trafficSource(landing.search),
    ...(link ? { trafficsource_link: link } : {}),
    ...loadingTimes(currentNavigationEntry()),
  };
}

let sender: Sender | null = null;

export function startAnalytics(): Sender {
  if (sender) return sender;
  sender = createSender({
    now: () => Date.now(),
    peekDeviceId: () => storage.peekDeviceId(),
    requestSession: (deviceId) => callApi(api.analyticsSession, { device_id: deviceId }),
    endpoint: resolveEndpoint,
    post,
    beacon: (url, body) =>
      typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, textBlob(body)),
    sign: webCryptoSign,
    nonce: () => toBase64Url(crypto.getRandomValues(new Uint8Array(16))),
    context: batchContext,
    loadingPageFields,
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
  });
  connectSink(sender);
  return sender;
}

/** Tests only. */
export function stopAnalytics(): void {
  sender = null;
  connectSink(null);
}
