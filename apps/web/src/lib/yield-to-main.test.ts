import { afterEach, describe, expect, it, vi } from 'vitest';
import { yieldToMain } from './yield-to-main';

describe('yieldToMain', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("uses the browser's scheduler.yield when there is one", async () => {
    const native = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: native });
    await yieldToMain();
    expect(native).toHaveBeenCalledTimes(1);
  });

  it('otherwise continues in a new task, after the microtasks queued before it', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    const done = yieldToMain().then(() => order.push('continued'));
    void Promise.resolve().then(() => order.push('microtask'));
    await done;
    expect(order).toEqual(['microtask', 'continued']);
  });
});
