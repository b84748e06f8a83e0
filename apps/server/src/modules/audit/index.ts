// The audit module (ADR 0039, ADR 0040): the append-only audit_log and its repository
// (audit.repository.ts), written by the Publisher API, the console and the operator CLI in the
// transaction of the change it records, and read by the console (audit.routes.ts: the list and
// the CSV export).
export { register } from './audit.routes';
