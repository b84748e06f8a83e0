import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { registerConsole } from './support.console';

export function register(app: FastifyInstance, c: Container): void {
  registerConsole(app, c);
}
