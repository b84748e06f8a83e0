// The CSP switch must reach zod's own config object (it fails if zod renames its global).
import { describe, expect, it } from 'vitest';
import './zod-csp';

describe('zod-csp', () => {
  it('turns off zod JIT (the new Function probe) through the config zod reads', async () => {
    const core = await import('zod/v4/core');
    expect(core.globalConfig.jitless).toBe(true);
    expect(core.config().jitless).toBe(true);
  });
});
