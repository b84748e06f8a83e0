// docs/product/languages.md language choice (ADR 0005): the one mapping of the contract
// (packages/contract/src/language.ts), shared with the server; the first candidate we can map
// wins, else en-US.
export { isLanguage, mapLanguageTag, resolveLanguage } from '@hc/contract';
