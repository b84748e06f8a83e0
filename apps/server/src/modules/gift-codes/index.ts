import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { registerConsole } from './gift-codes.console';
import { register as registerRoutes } from './gift-codes.routes';

export function register(app: FastifyInstance, c: Container): void {
  registerRoutes(app, c);
  registerConsole(app, c);
}
