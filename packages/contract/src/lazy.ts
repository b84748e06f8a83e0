// Module-level schemas built the first time they are used (docs/frontend-budgets.md#first-paint,
// ADR 0069). Building a zod schema costs: the contract's few hundred shared schemas took about
// 100 ms of one task on a phone when the web app evaluated its API client before its first render.
// In a browser each shared schema is a stand-in that builds the real one when anything reads it;
// elsewhere (the server, the OpenAPI document, scripts) it is built at once, as before.

/**
 * True where the shared schemas are built on first use: a browser page (and the web tests'
 * DOM). The server builds every schema at start anyway, parses on its hot path without the
 * stand-in's indirection, and `z.toJSONSchema` finds descriptions by schema identity.
 */
const BUILD_ON_FIRST_USE = 'document' in globalThis;

/**
 * The value `build` returns, built the first time a property of it is read. The stand-in is a
 * Proxy that forwards every operation (property reads, `in`, keys, prototype, hence `instanceof`)
 * to the built value, so callers use it as the value itself.
 */
export function builtOnFirstUse<T extends object>(build: () => T): T {
  if (!BUILD_ON_FIRST_USE) return build();
  let value: T | undefined;
  const real = (): T => (value ??= build());
  return new Proxy(Object.create(null) as T, {
    get: (_target, key) => {
      const target = real();
      return Reflect.get(target, key, target);
    },
    set: (_target, key, next) => Reflect.set(real(), key, next),
    has: (_target, key) => Reflect.has(real(), key),
    ownKeys: () => Reflect.ownKeys(real()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
      // The stand-in's own target is an empty, extensible object: a proxy may only report
      // configurable properties that its target lacks.
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
