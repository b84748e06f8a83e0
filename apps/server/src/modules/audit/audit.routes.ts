// The console's audit calls (docs/console.md#audit-log): the filtered, paged list and the CSV
// export. Who may call them is in the contract (`roles`), checked by registerCall.
import { consoleApi, toUnixSeconds, type AuditFilter } from '@hc/contract';
import type { FastifyInstance } from 'fastify';
import type { Container } from '../../container';
import { registerCall } from '../../plugins/register-call';
import type { AuditQuery } from './audit.repository';

const date = (s: number | undefined) => (s === undefined ? undefined : new Date(s * 1000));

function query(f: AuditFilter): AuditQuery {
  return {
    actor: f.actor,
    actorKind: f.actorKind,
    action: f.action,
    target: f.target,
    from: date(f.from),
    to: date(f.to),
  };
}

export function register(app: FastifyInstance, c: Container): void {
  registerCall(app, consoleApi.consoleAuditList, async ({ body }) => {
    const { rows, total } = await c.auditLog.page(query(body), body.page, body.size);
    return {
      list: rows.map((r) => ({
        id: r.id,
        at: toUnixSeconds(r.at),
        actorKind: r.actorKind,
        actor: r.actor,
        ip: r.ip,
        action: r.action,
        target: r.target,
        before: r.before,
        after: r.after,
      })),
      total,
      page: body.page,
      size: body.size,
    };
  });

  registerCall(app, consoleApi.consoleAuditExport, ({ body }) => c.auditLog.exportCsv(query(body)));
}
