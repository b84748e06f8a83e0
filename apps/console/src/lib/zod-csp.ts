// Keeps zod inside our CSP. zod 4 probes `new Function('')` to decide whether to JIT-compile
// object parsers; under `script-src 'self'` (no 'unsafe-eval') the probe is blocked and
// reported as a CSP violation. zod reads its global config from
// `globalThis.__zod_globalConfig` (shared by every zod copy), so setting `jitless` there
// before any schema is built turns the probe off without pulling zod into the entry chunk.
declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// Mutate rather than replace: if zod is already loaded it holds a reference to this object.
if (globalThis.__zod_globalConfig) globalThis.__zod_globalConfig.jitless = true;
else globalThis.__zod_globalConfig = { jitless: true };

export {};
