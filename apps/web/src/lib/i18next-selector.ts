// What react-i18next imports from i18next at module load: only `keyFromSelector` (selector keys,
// `t($ => $.a.b)`). The build points react-i18next's `i18next` import here (vite.config.ts,
// ADR 0024) so the i18next library itself stays a lazy chunk that initI18n loads with the texts.
// A copy of i18next 27.1 `keysFromSelector` (MIT, (c) 2011-present i18next);
// i18next-selector.test.ts checks it against the library.

const PATH_KEY = Symbol('i18next/PATH_KEY');

type PathProxy = Record<string | symbol, unknown>;

function createProxy(): PathProxy {
  const state: (string | symbol)[] = [];
  const handler: ProxyHandler<PathProxy> = Object.create(null) as ProxyHandler<PathProxy>;
  let proxy: { proxy: PathProxy; revoke: () => void } | undefined;
  handler.get = (target, key) => {
    proxy?.revoke();
    if (key === PATH_KEY) return state;
    state.push(key);
    proxy = Proxy.revocable(target, handler);
    return proxy.proxy;
  };
  return Proxy.revocable(Object.create(null) as PathProxy, handler).proxy;
}

export interface SelectorOptions {
  keySeparator?: string | false;
  nsSeparator?: string | false;
  enableSelector?: boolean | 'strict';
  ns?: string | readonly string[];
}

export function keyFromSelector(
  selector: (proxy: PathProxy) => unknown,
  opts?: SelectorOptions,
): string {
  const path = (selector(createProxy()) as { [PATH_KEY]: string[] })[PATH_KEY];
  const keySeparator = opts?.keySeparator || '.';
  const nsSeparator = opts?.nsSeparator ?? ':';
  const strict = opts?.enableSelector === 'strict';
  if (path.length > 1 && nsSeparator) {
    const ns = opts?.ns;
    const list = (value: string | readonly string[]) =>
      typeof value === 'string' ? [value] : [...value];
    const nsList = strict
      ? ns
        ? list(ns)
        : null
      : Array.isArray(ns)
        ? list(ns as readonly string[])
        : null;
    if (nsList) {
      const candidates = strict ? nsList : nsList.length > 1 ? nsList.slice(1) : [];
      if (path[0] !== undefined && candidates.includes(path[0])) {
        return `${path[0]}${nsSeparator}${path.slice(1).join(String(keySeparator))}`;
      }
    }
  }
  return path.join(String(keySeparator));
}
