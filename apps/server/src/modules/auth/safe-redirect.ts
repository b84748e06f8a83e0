// Where a sign-in may send the browser afterwards: the contract's one same-origin rule.
export { DEFAULT_RETURN_PATH, safeRedirectPath, withQueryParams as withParams } from '@hc/contract';
