// The audit module (ADR 0039): the append-only audit_log and its repository
// (audit.repository.ts), written by the Publisher API and the operator CLI today and read by the
// operator console later. No routes yet.
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';

export function register(_app: FastifyInstance, _c: Container): void {
  // The operator console (a later issue) registers its audit calls here.
}
