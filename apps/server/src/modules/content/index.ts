// The content module: the players' reading side (content.routes.ts: home configuration, blocks,
// articles, footer pages) and the console's Content section (content.console.ts).
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { register as registerConsole } from './content.console';
import { register as registerReading } from './content.routes';

export function register(app: FastifyInstance, c: Container): void {
  registerReading(app, c);
  registerConsole(app, c);
}
