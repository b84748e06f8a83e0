// Where to go after sign-in: the contract's one same-origin rule, shared with
// the server's social callbacks.
export { safeRedirectPath as safeRedirect } from '@hc/contract';
