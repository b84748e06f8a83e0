// docs/product/constants.md#layout-and-timing default traffic source `organic`; the source comes from the landing URL
// (utm_source, then source, then ref) and the referrer is reduced to origin + path.
import { describe, expect, it } from 'vitest';
import { sanitizeToken, trafficSource, trafficSourceLink } from './traffic-source';

describe('trafficSource', () => {
  it('is organic without a source parameter (docs/product/constants.md#layout-and-timing)', () => {
    expect(trafficSource('')).toBe('organic');
    expect(trafficSource('?hctoken=abc&appleId=xyz&redirect=%2Fmain')).toBe('organic');
    expect(trafficSource('?utm_source=&source=%20%20')).toBe('organic');
  });

  it('takes utm_source, then source, then ref', () => {
    expect(trafficSource('?ref=forum&source=game_client&utm_source=Newsletter')).toBe('newsletter');
    expect(trafficSource('?ref=forum&source=game_client')).toBe('game_client');
    expect(trafficSource('?ref=forum')).toBe('forum');
  });

  it('sanitises to the contract token charset and length', () => {
    expect(trafficSource('?utm_source=Face%20Book!!%3Cscript%3E')).toBe('face_book_script');
    expect(trafficSource(`?utm_source=${'a'.repeat(100)}`)).toBe('a'.repeat(64));
    expect(sanitizeToken('call 0123456789 now')).toBe('call__now');
    expect(sanitizeToken('***')).toBe('');
  });
});

describe('trafficSourceLink', () => {
  const own = 'https://portal.example.com';

  it('keeps origin + path of an external http(s) referrer, never its query or fragment', () => {
    expect(trafficSourceLink('https://forum.example.org/t/123?session=secret#reply', own)).toBe(
      'https://forum.example.org/t/123',
    );
    expect(trafficSourceLink('http://blog.example.net', own)).toBe('http://blog.example.net/');
  });

  it('omits our own pages, other schemes, garbage and no referrer', () => {
    expect(trafficSourceLink('https://portal.example.com/login?hctoken=x', own)).toBeUndefined();
    expect(trafficSourceLink('android-app://com.example', own)).toBeUndefined();
    expect(trafficSourceLink('not a url', own)).toBeUndefined();
    expect(trafficSourceLink('', own)).toBeUndefined();
  });

  it('falls back to the origin when the path is too long', () => {
    const long = `https://x.example.org/${'p'.repeat(600)}`;
    expect(trafficSourceLink(long, own)).toBe('https://x.example.org/');
  });
});
