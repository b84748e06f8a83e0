// `npm run portal -- reencrypt` (ADR 0027): puts every value kept sealed under DATA_KEY under its
// first key: the real-name records, legacy rows included (plain text, or the ID number under the
// old payload-key-derived cipher), and every column of SEALED_COLUMNS (operators' two-factor
// secrets, game gateway secrets, publisher key secrets, console-made gift codes). Rotation: put the new key first in DATA_KEY
// (`k2:...,k1:...`), restart the nodes, run this, then drop the old key. Batches of 500, each in
// one transaction; safe to run while the server runs and to run again (it then changes 0 rows).
// Exit code 0 when every row is under the active key, 1 when some could not be read.
import { createAuditRepository } from '../modules/audit/audit.repository';
import { createDataCipher } from '../lib/data-cipher';
import { reencryptRealNames } from '../modules/real-name/real-name-reencrypt';
import { reencryptColumn, SEALED_COLUMNS, type SealedCounts } from './sealed-columns';
import { CommandUsageError, type Command } from './types';

export const reencrypt: Command = {
  summary:
    'Re-encrypt every value sealed under DATA_KEY under its first key (legacy rows included)',
  usage: '',

  async run(ctx, args) {
    if (args.length > 0) throw new CommandUsageError('reencrypt takes no arguments');
    const { config } = ctx.container;
    const active = config.dataKeys[0]?.id ?? '';
    const counts = await reencryptRealNames(ctx.container.database.db, {
      dataKeys: config.dataKeys,
      payloadKey: config.payloadKey,
      log: ctx.container.log,
    });
    const cipher = createDataCipher(config.dataKeys);
    const sealed: Record<string, SealedCounts> = {};
    for (const spec of SEALED_COLUMNS)
      sealed[`${spec.table}.${spec.column}`] = await reencryptColumn(
        ctx.container.database.db,
        cipher,
        spec,
        { log: ctx.container.log },
      );
    // The batches committed one by one; the run is recorded once, with what it changed.
    await ctx.container.database.db.transaction().execute((trx) =>
      createAuditRepository(trx).append({
        actorKind: 'cli',
        actor: 'cli',
        action: 'data.reencrypt',
        target: `data_key:${active}`,
        before: null,
        after: { ...counts, sealed },
        at: ctx.container.clock.now(),
      }),
    );
    ctx.out(`active key: ${active}`);
    ctx.out(`real-name records converted from the legacy format: ${counts.legacy}`);
    ctx.out(`real-name records re-encrypted from an older key: ${counts.rotated}`);
    if (counts.idNumbersLost > 0)
      ctx.out(
        `legacy ID numbers that no longer decrypted with PAYLOAD_KEY (mask kept): ${counts.idNumbersLost}`,
      );
    ctx.out(`real-name records no listed key decrypts (left as they are): ${counts.unreadable}`);
    let unreadable = counts.unreadable;
    for (const spec of SEALED_COLUMNS) {
      const c = sealed[`${spec.table}.${spec.column}`] as SealedCounts;
      ctx.out(`${spec.label} re-encrypted from an older key: ${c.rotated}`);
      if (c.unreadable > 0)
        ctx.out(`${spec.label} no listed key decrypts (left as they are): ${c.unreadable}`);
      unreadable += c.unreadable;
    }
    return unreadable === 0 ? 0 : 1;
  },
};
