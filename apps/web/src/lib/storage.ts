// The only module that touches localStorage: the stored keys of docs/product/constants.md#stored-keys (token, customer
// service, cached server/role list, device id, language, remember-login). Falls back to
// memory when storage is unavailable (private mode, blocked cookies, quota errors).
import { STORAGE_KEYS } from '@hc/contract';

type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

const memory = new Map<string, string>();

function backend(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

function read(key: StorageKey): string | null {
  try {
    const value = backend()?.getItem(key);
    if (value !== undefined && value !== null) return value;
  } catch {
    /* fall through to memory */
  }
  return memory.get(key) ?? null;
}

function write(key: StorageKey, value: string): void {
  memory.set(key, value);
  try {
    backend()?.setItem(key, value);
  } catch {
    /* memory copy is enough for this page's lifetime */
  }
}

function remove(key: StorageKey): void {
  memory.delete(key);
  try {
    backend()?.removeItem(key);
  } catch {
    /* nothing stored */
  }
}

function newDeviceId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

export const storage = {
  getToken: (): string | null => read(STORAGE_KEYS.token),
  setToken: (token: string): void => write(STORAGE_KEYS.token, token),
  /** docs/product/session.md#logout: logout and session expiry remove the stored token. */
  removeToken: (): void => remove(STORAGE_KEYS.token),

  getCustomerService: (): string | null => read(STORAGE_KEYS.customerService),
  setCustomerService: (url: string): void => write(STORAGE_KEYS.customerService, url),
  removeCustomerService: (): void => remove(STORAGE_KEYS.customerService),

  /** docs/product/api.md#top-up-calls: servers and roles from /api/user/webRole, cached locally (stored as JSON). */
  getServerRoles: (): unknown => {
    const raw = read(STORAGE_KEYS.serverRoles);
    if (raw === null) return null;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return null;
    }
  },
  setServerRoles: (value: unknown): void => write(STORAGE_KEYS.serverRoles, JSON.stringify(value)),
  removeServerRoles: (): void => remove(STORAGE_KEYS.serverRoles),

  /** docs/product/api.md#request-headers `clientid` header: created on first use and kept. */
  getDeviceId: (): string => {
    const existing = read(STORAGE_KEYS.deviceId);
    if (existing) return existing;
    const id = newDeviceId();
    write(STORAGE_KEYS.deviceId, id);
    return id;
  },

  /** The device id if it was created already; never creates it (analytics waits for it). */
  peekDeviceId: (): string | null => read(STORAGE_KEYS.deviceId),

  getLanguage: (): string | null => read(STORAGE_KEYS.language),
  setLanguage: (language: string): void => write(STORAGE_KEYS.language, language),

  getRememberLogin: (): boolean => read(STORAGE_KEYS.rememberLogin) === '1',
  setRememberLogin: (remember: boolean): void =>
    write(STORAGE_KEYS.rememberLogin, remember ? '1' : '0'),

  /** Tests only: forget the in-memory fallback copies. */
  resetMemory: (): void => memory.clear(),
};
