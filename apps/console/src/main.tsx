// Entry of the operator console. zod must be told not to probe `new Function` (blocked by the
// CSP's script-src 'self') before any schema is built, and the contract builds its schemas as
// soon as its module runs: so this entry sets zod's config and only then loads the rest.
import './lib/zod-csp';

void import('./start').then(({ start }) => start());
