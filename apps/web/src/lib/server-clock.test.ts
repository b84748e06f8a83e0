// The server clock offset (docs/product/api.md#system-calls time): GET /api/time once, measured
// from the middle of the round trip; the config's server_time until then; a failure keeps it.
import { describe, expect, it } from 'vitest';
import { businessError, envelope, stubApi } from '../test/api-stub';
import {
  applyConfigServerTime,
  applyServerTime,
  onServerClockChange,
  serverClockOffsetMs,
  serverNowMs,
  serverNowSeconds,
  syncServerClock,
} from './server-clock';

const HOUR = 3_600_000;

describe('server clock', () => {
  it('takes the offset from /api/time and uses it for "now"', async () => {
    const { requests } = stubApi({
      '/api/time': () => {
        const ms = Date.now() + 2 * HOUR;
        return envelope({ ts: Math.floor(ms / 1000), ms });
      },
    });
    let changes = 0;
    onServerClockChange(() => (changes += 1));
    await syncServerClock();
    expect(requests.map((r) => [r.url, r.init.method])).toEqual([['/api/time', 'GET']]);
    expect(Math.abs(serverClockOffsetMs() - 2 * HOUR)).toBeLessThan(1000);
    expect(Math.abs(serverNowMs() - (Date.now() + 2 * HOUR))).toBeLessThan(1000);
    expect(Math.abs(serverNowSeconds() - Math.floor((Date.now() + 2 * HOUR) / 1000))).toBeLessThan(
      2,
    );
    expect(changes).toBe(1);
    // Synced: the config's coarser time no longer moves it.
    applyConfigServerTime(Math.floor(Date.now() / 1000));
    expect(Math.abs(serverClockOffsetMs() - 2 * HOUR)).toBeLessThan(1000);
  });

  it('measures from the middle of the round trip', () => {
    applyServerTime(10_500, 1_000, 2_000);
    expect(serverClockOffsetMs()).toBe(9_000);
  });

  it('uses the config’s server_time until then, and keeps it when /api/time fails', async () => {
    applyConfigServerTime(1_000, 400_000);
    expect(serverClockOffsetMs()).toBe(600_000);
    stubApi({ '/api/time': () => businessError(10002, 'busy') });
    await syncServerClock();
    expect(serverClockOffsetMs()).toBe(600_000);
  });
});
