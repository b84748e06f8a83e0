// uinfo answering "not signed in" forgets the token it was sent with, and only that one: a
// token stored while the request was on its way (a sign-in in another tab, or a test seeding
// the session) survives the answer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storage } from '../../../lib/storage';
import { anonymousUinfo, envelope, stubApi } from '../../../test/api-stub';
import { fetchUserInfo } from './get-user-info';

afterEach(() => {
  storage.removeToken();
  vi.unstubAllGlobals();
});

describe('fetchUserInfo', () => {
  it('forgets a token the server no longer knows', async () => {
    storage.setToken('tok_dead');
    const { requests } = stubApi({ '/api/user/uinfo': () => envelope(anonymousUinfo) });
    const user = await fetchUserInfo();
    expect(user.login).toBe(false);
    expect(requests[0]?.headers.token).toBe('tok_dead');
    expect(storage.getToken()).toBeNull();
  });

  it('keeps a token stored while a request without one was on its way', async () => {
    const { requests } = stubApi({
      '/api/user/uinfo': () => {
        storage.setToken('tok_new');
        return envelope(anonymousUinfo);
      },
    });
    const user = await fetchUserInfo();
    expect(user.login).toBe(false);
    expect(requests[0]?.headers.token).toBeUndefined();
    expect(storage.getToken()).toBe('tok_new');
  });

  it('keeps a token that replaced the dead one meanwhile', async () => {
    storage.setToken('tok_dead');
    stubApi({
      '/api/user/uinfo': () => {
        storage.setToken('tok_new');
        return envelope(anonymousUinfo);
      },
    });
    await fetchUserInfo();
    expect(storage.getToken()).toBe('tok_new');
  });
});
