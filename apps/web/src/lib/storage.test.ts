// docs/product/constants.md#stored-keys stored keys behind one module, tolerant of a broken localStorage.
import { STORAGE_KEYS } from '@hc/contract';
import { describe, expect, it, vi } from 'vitest';
import { storage } from './storage';

describe('storage', () => {
  it('stores the token, language and remember-login under the contract keys', () => {
    storage.setToken('t1');
    storage.setLanguage('ja-JP');
    storage.setRememberLogin(true);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe('t1');
    expect(window.localStorage.getItem(STORAGE_KEYS.language)).toBe('ja-JP');
    expect(storage.getRememberLogin()).toBe(true);
    storage.removeToken();
    expect(storage.getToken()).toBeNull();
  });

  it('keeps one device id once created', () => {
    const id = storage.getDeviceId();
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(storage.getDeviceId()).toBe(id);
  });

  it('round-trips the server/role cache as JSON and ignores garbage', () => {
    storage.setServerRoles([{ server_id: 1, roles: [] }]);
    expect(storage.getServerRoles()).toEqual([{ server_id: 1, roles: [] }]);
    window.localStorage.setItem(STORAGE_KEYS.serverRoles, '{oops');
    expect(storage.getServerRoles()).toBeNull();
  });

  it('falls back to memory when localStorage throws', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    storage.setToken('memory-token');
    expect(storage.getToken()).toBe('memory-token');
  });
});
