// The console module (docs/console.md, ADR 0040): operators and their roles, console sessions
// (console-auth.ts: cookie, CSRF token, idle timeout, role check), TOTP two-factor
// (two-factor.service.ts), setup links and the owner's operator management
// (operators.service.ts). The console's audit calls live in the audit module.
export { register } from './console.routes';
