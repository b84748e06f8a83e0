// docs/product/constants.md#layout-and-timing / the traffic source comes from the landing URL, else `organic`. Which query
// parameters count, in this order: utm_source, source, ref (docs/analytics.md "Web tracker").
// Nothing else of the query is ever read, so hctoken, appleId or any other value stays out.
import { DEFAULT_TRAFFIC_SOURCE } from '@hc/contract';

export const TRAFFIC_SOURCE_PARAMS = ['utm_source', 'source', 'ref'] as const;
const TOKEN_MAX = 64;
const LINK_MAX = 512;

/** Lower-case, runs of characters outside the contract's token set become `_`, at most 64. */
export function sanitizeToken(value: string): string {
  return (
    value
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9_.:\-/]+/g, '_')
      // The contract refuses 9+ digit runs (they look like phone or card numbers).
      .replace(/\d{9,}/g, '')
      .replace(/^_+|_+$/g, '')
      .slice(0, TOKEN_MAX)
  );
}

/** The first of TRAFFIC_SOURCE_PARAMS with a usable value, else `organic` (docs/product/constants.md#layout-and-timing). */
export function trafficSource(search: string): string {
  const params = new URLSearchParams(search);
  for (const name of TRAFFIC_SOURCE_PARAMS) {
    const value = sanitizeToken(params.get(name) ?? '');
    if (value) return value;
  }
  return DEFAULT_TRAFFIC_SOURCE;
}

/**
 * The referring page as origin + path when it is an external http(s) page; undefined for none,
 * our own origin, or anything else. Query and fragment are dropped (they may carry tokens).
 */
export function trafficSourceLink(referrer: string, ownOrigin: string): string | undefined {
  if (!referrer) return undefined;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.origin === ownOrigin) return undefined;
  const link = url.origin + url.pathname;
  return link.length <= LINK_MAX ? link : `${url.origin}/`;
}
