// The catalog module: the player's top-up calls (catalog.routes.ts) and the console's catalog
// editing (catalog.console.ts, catalog.editor.ts).
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { register as registerConsole } from './catalog.console';
import { register as registerPlayer } from './catalog.routes';

export function register(app: FastifyInstance, c: Container): void {
  registerPlayer(app, c);
  registerConsole(app, c);
}
