// Routes for the system calls of docs/product/api.md#conventions: GET /api/time, GET /api/bulletin/top, /api/setting/init.
import { api } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import { pickLanguage } from '../../lib/language';
import { registerCall } from '../../plugins/register-call';
import type { SystemService } from './system.service';

export function registerSystemRoutes(app: FastifyInstance, system: SystemService): void {
  registerCall(app, api.time, () => system.serverTime());
  registerCall(app, api.bulletinTop, async ({ req }) => ({
    bulletin: await system.pinnedBulletin(pickLanguage(req.headers)),
  }));
  registerCall(app, api.settingInit, () => system.siteInit());
}
