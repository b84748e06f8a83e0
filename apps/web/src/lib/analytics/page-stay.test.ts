// docs/product/constants.md#layout-and-timing: a page stay is logged only if it lasted 2000 ms or more, in ms rounded up.
import { describe, expect, it } from 'vitest';
import { createStayClock, pageStayDuration } from './page-stay';

describe('pageStayDuration (docs/product/constants.md#layout-and-timing)', () => {
  it('logs nothing below 2000 ms and rounds up from there', () => {
    expect(pageStayDuration(0)).toBeNull();
    expect(pageStayDuration(1999.2)).toBeNull();
    expect(pageStayDuration(1999.999)).toBeNull();
    expect(pageStayDuration(2000)).toBe(2000);
    expect(pageStayDuration(2000.1)).toBe(2001);
    expect(pageStayDuration(61_234.0001)).toBe(61_235);
    expect(pageStayDuration(Number.NaN)).toBeNull();
  });
});

describe('createStayClock', () => {
  function setup() {
    let time = 0;
    const logged: [string, number][] = [];
    const clock = createStayClock(
      () => time,
      (path, duration) => logged.push([path, duration]),
    );
    return { clock, logged, advance: (ms: number) => (time += ms) };
  }

  it('ends a stay on the next route and logs it only when long enough', () => {
    const { clock, logged, advance } = setup();
    clock.enter('/main/home');
    advance(1999.2);
    clock.enter('/main/recharge');
    advance(2000.1);
    clock.enter('/main/event');
    expect(logged).toEqual([['/main/recharge', 2001]]);
  });

  it('does not count hidden time: hiding ends the stay, showing starts a new one', () => {
    const { clock, logged, advance } = setup();
    clock.enter('/main/recharge');
    advance(3000);
    clock.pause();
    advance(60_000);
    clock.pause();
    clock.resume();
    advance(2500);
    clock.enter('/main/recharge/detail/HC1');
    expect(logged).toEqual([
      ['/main/recharge', 3000],
      ['/main/recharge', 2500],
    ]);
  });

  it('starts a route entered while hidden only when the page shows', () => {
    const { clock, logged, advance } = setup();
    clock.enter('/main/home', false);
    advance(10_000);
    clock.resume();
    advance(2000);
    clock.pause();
    expect(logged).toEqual([['/main/home', 2000]]);
  });
});
