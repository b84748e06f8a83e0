// The DATA_DIR lock: one process per directory; a dead owner's lock is taken over.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hc-portal-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A pid that is certainly not running: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('acquireDataDirLock', () => {
  it('creates the lock file holding our pid and removes it on release', () => {
    const dir = newDir();
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false);
  });

  it('refuses a second lock on the same directory, naming the directory and pid', () => {
    const dir = newDir();
    const lock = acquireDataDirLock(dir);
    try {
      expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
      expect(() => acquireDataDirLock(dir)).toThrow(
        `DATA_DIR ${dir} is in use by another HC Portal process (pid ${process.pid})`,
      );
    } finally {
      lock.release();
    }
    acquireDataDirLock(dir).release();
  });

  it('refuses a lock held by another live process', () => {
    const dir = newDir();
    writeFileSync(join(dir, LOCK_FILE_NAME), `${process.ppid}\n`);
    expect(() => acquireDataDirLock(dir)).toThrow(`(pid ${process.ppid})`);
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.ppid));
  });

  it('takes over a stale lock left by a dead process', () => {
    const dir = newDir();
    const pid = deadPid();
    writeFileSync(join(dir, LOCK_FILE_NAME), `${pid}\n`);
    const lock = acquireDataDirLock(dir);
    expect(readFileSync(join(dir, LOCK_FILE_NAME), 'utf8').trim()).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock with our own pid that this process does not hold (container restart)', () => {
    const dir = newDir();
    writeFileSync(join(dir, LOCK_FILE_NAME), `${process.pid}\n`);
    acquireDataDirLock(dir).release();
  });

  it('refuses a lock file without a pid and says how to recover', () => {
    const dir = newDir();
    writeFileSync(join(dir, LOCK_FILE_NAME), '');
    expect(() => acquireDataDirLock(dir)).toThrow('delete that file');
  });

  it('does not remove a lock someone else took after ours was released', () => {
    const dir = newDir();
    const lock = acquireDataDirLock(dir);
    writeFileSync(join(dir, LOCK_FILE_NAME), `${process.ppid}\n`);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(true);
  });
});
