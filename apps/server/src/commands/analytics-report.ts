// `npm run portal -- analytics-report --from 2026-11-01 --to 2026-11-23 [--json]`
// (docs/analytics.md#report): event counts per UTC day and the top-up funnel from the built-in collector's table.
import { parseArgs } from 'node:util';
import {
  analyticsReport,
  formatAnalyticsReport,
  parseDay,
} from '../modules/analytics/analytics.report';
import { CommandUsageError, type Command } from './types';

export const analyticsReportCommand: Command = {
  summary: 'Analytics: events per day and the top-up funnel (UTC days, inclusive)',
  usage: '--from YYYY-MM-DD --to YYYY-MM-DD [--json]',

  async run(ctx, args) {
    let values;
    try {
      ({ values } = parseArgs({
        args: [...args],
        options: {
          from: { type: 'string' },
          to: { type: 'string' },
          json: { type: 'boolean' },
        },
        strict: true,
        allowPositionals: false,
      }));
    } catch (err) {
      throw new CommandUsageError(err instanceof Error ? err.message : String(err));
    }
    const { from, to } = values;
    if (from === undefined || parseDay(from) === undefined)
      throw new CommandUsageError('--from must be a day, e.g. 2026-11-01 (UTC)');
    if (to === undefined || parseDay(to) === undefined)
      throw new CommandUsageError('--to must be a day, e.g. 2026-11-23 (UTC)');
    if (to < from) throw new CommandUsageError('--to must not be before --from');
    const report = await analyticsReport(ctx.container.database.db, { from, to });
    if (values.json === true) ctx.out(JSON.stringify(report, null, 2));
    else for (const line of formatAnalyticsReport(report)) ctx.out(line);
    return 0;
  },
};
