import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { registerConsole } from './games.console';
import { register as registerRoutes } from './games.routes';

export function register(app: FastifyInstance, c: Container): void {
  registerRoutes(app, c);
  registerConsole(app, c);
}
