// The entry queue: events keep their order and page until the sender loads; clicks
// on data-track-* elements, buy_done once per order (docs/product/analytics.md#events).
import { renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { trackBuyDone, trackBuyRequest } from './orders';
import { usePopupTracking } from './popups';
import { EARLY_QUEUE_MAX, connectSink, resetTracking, track, type TrackedEvent } from './track';
import { resetScreenTracking, showScreen, trackClick } from './use-analytics';

function capture(): TrackedEvent[] {
  const events: TrackedEvent[] = [];
  connectSink({ accept: (event) => events.push(event), flushOnHide: () => undefined });
  return events;
}

beforeEach(() => {
  resetTracking();
  resetScreenTracking();
  window.sessionStorage.clear();
});

describe('track queue', () => {
  it('hands early events to the sender in order, keeping the newest when full', () => {
    for (let i = 0; i < EARLY_QUEUE_MAX + 5; i++) track('click_button', { type: `b${i}` });
    const events = capture();
    expect(events).toHaveLength(EARLY_QUEUE_MAX);
    expect(events[0]!.fields.type).toBe('b5');
    expect(events.map((e) => e.seq)).toEqual([...events.map((e) => e.seq)].sort((a, b) => a - b));
  });

  it('logs a screen once and gives later events its page', () => {
    const events = capture();
    showScreen('/main/recharge');
    showScreen('/main/recharge');
    track('click_button', { type: 'pay' });
    expect(events.map((e) => [e.name, e.page])).toEqual([
      ['show_page', '/main/recharge'],
      ['click_button', '/main/recharge'],
    ]);
  });
});

describe('trackClick', () => {
  it('maps data-track-* attributes to click_button, click_pop and click_page', () => {
    const events = capture();
    document.body.innerHTML = `
      <button data-track-button="pay"><span id="inner">Pay</span></button>
      <button data-track-pop="logout:confirm">OK</button>
      <a data-track-page="true" href="/main/recharge?x=1">Top-up</a>
      <a data-track-page="/main/event" href="/main/event#top">News</a>
      <button id="plain">Plain</button>`;
    trackClick(document.getElementById('inner'));
    trackClick(document.querySelector('[data-track-pop]'));
    for (const link of document.querySelectorAll('a')) trackClick(link);
    trackClick(document.getElementById('plain'));
    expect(events.map((e) => [e.name, e.fields.type])).toEqual([
      ['click_button', 'pay'],
      ['click_pop', 'logout:confirm'],
      ['click_page', '/main/recharge'],
      ['click_page', '/main/event'],
    ]);
  });
});

describe('buy_request / buy_done (docs/product/analytics.md#events)', () => {
  it('reports buy_done once per order with the type and region of its buy_request', () => {
    const events = capture();
    trackBuyRequest('HC100', 'game', 7);
    trackBuyDone('HC100');
    trackBuyDone('HC100');
    trackBuyDone('HC200');
    expect(events.map((e) => [e.name, e.fields])).toEqual([
      ['buy_request', { type: 'game_pack', region: '7' }],
      ['buy_done', { type: 'game_pack', region: '7' }],
      ['buy_done', {}],
    ]);
    trackBuyRequest('HC300', 'coin', 1);
    expect(events.at(-1)!.fields).toEqual({ type: 'hc_point', region: '1' });
  });
});

describe('usePopupTracking (docs/product/analytics.md#events show_pop / close_pop)', () => {
  it('logs show_pop on open and close_pop on close or unmount, with the popup name', () => {
    const events = capture();
    const { rerender, unmount } = renderHook(
      ({ opened }) => usePopupTracking('pay_dialog', opened),
      { initialProps: { opened: false } },
    );
    rerender({ opened: true });
    rerender({ opened: true });
    rerender({ opened: false });
    rerender({ opened: true });
    unmount();
    expect(events.map((e) => [e.name, e.fields.type])).toEqual([
      ['show_pop', 'pay_dialog'],
      ['close_pop', 'pay_dialog'],
      ['show_pop', 'pay_dialog'],
      ['close_pop', 'pay_dialog'],
    ]);
  });
});
