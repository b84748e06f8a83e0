// Compile-time constants defined in vite.config.ts (docs/product/api.md#request-headers version headers).
/// <reference types="vite/client" />
declare const __APP_VERSION__: string;
declare const __BUILD_ID__: string;
