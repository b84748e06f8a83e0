// The one milliseconds -> Unix seconds conversion.
import { describe, expect, it } from 'vitest';
import { toUnixSeconds } from './time';

describe('toUnixSeconds', () => {
  it('rounds milliseconds down to whole seconds', () => {
    expect(toUnixSeconds(1_800_000_000_999)).toBe(1_800_000_000);
    expect(toUnixSeconds(1_800_000_000_000)).toBe(1_800_000_000);
    expect(toUnixSeconds(0)).toBe(0);
  });

  it('takes a Date', () => {
    expect(toUnixSeconds(new Date(Date.UTC(2026, 0, 1, 0, 0, 0, 500)))).toBe(1_767_225_600);
  });

  it('rounds negative values down, like Math.floor', () => {
    expect(toUnixSeconds(-1)).toBe(-1);
  });
});
