// The contract's payload-crypto helpers name the DOM's Web Crypto types; the server compiles
// without the DOM lib, so alias them to Node's identical webcrypto types.
/* eslint-disable @typescript-eslint/consistent-type-imports -- a global script file cannot use import statements */
type SubtleCrypto = import('node:crypto').webcrypto.SubtleCrypto;
type CryptoKey = import('node:crypto').webcrypto.CryptoKey;
