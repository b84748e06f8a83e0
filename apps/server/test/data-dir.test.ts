// Opening DATA_DIR with PGlite: a locked directory is refused before PGlite touches it; a
// corrupt or unusable one gives a plain message and leaves no lock behind.
import { existsSync, mkdirSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from '../src/db/data-dir-lock';
import { DataDirError, openPgliteDataDir } from '../src/db/pglite';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hc-portal-datadir-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('openPgliteDataDir', () => {
  it('refuses a DATA_DIR another open database holds', async () => {
    const dir = newDir();
    const held = acquireDataDirLock(dir);
    try {
      const opening = openPgliteDataDir(dir);
      await expect(opening).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(openPgliteDataDir(dir)).rejects.toThrow(
        `DATA_DIR ${dir} is in use by another HC Portal process (pid ${process.pid})`,
      );
      expect(existsSync(join(dir, 'pgdata'))).toBe(false);
    } finally {
      held.release();
    }
  });

  it('reports a corrupt database directory plainly and releases the lock', async () => {
    const dir = newDir();
    mkdirSync(join(dir, 'pgdata'));
    writeFileSync(join(dir, 'pgdata/PG_VERSION'), 'garbage\n');
    const err = await openPgliteDataDir(dir).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataDirError);
    expect((err as Error).message).toContain(
      `The database in ${join(dir, 'pgdata')} could not be opened`,
    );
    expect((err as Error).message).toContain('may be corrupt');
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('reports a DATA_DIR that is a file', async () => {
    const file = join(newDir(), 'not-a-dir');
    writeFileSync(file, 'x');
    await expect(openPgliteDataDir(file)).rejects.toThrow(
      `DATA_DIR ${file} cannot be used as a data directory`,
    );
  });
});
