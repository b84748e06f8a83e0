// Exclusive lock on DATA_DIR: PGlite has no lock of its own and two processes on one
// directory corrupt it. The lock file holds the owner's pid; a dead owner's lock is taken over.
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE_NAME = '.hc-portal.lock';

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
  ) {
    super(
      pid === null
        ? `DATA_DIR ${dataDir} is locked (${join(dataDir, LOCK_FILE_NAME)} exists but holds no pid). ` +
            `If no HC Portal process uses this directory, delete that file and start again.`
        : `DATA_DIR ${dataDir} is in use by another HC Portal process (pid ${pid}). ` +
            `Stop that process or set DATA_DIR to another directory.`,
    );
    this.name = 'DataDirLockedError';
  }
}

export interface DataDirLock {
  readonly path: string;
  release(): void;
}

/** Lock files held by this process, so a second open in-process is refused too. */
const heldByThisProcess = new Set<string>();

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readPid(path: string): number | null {
  try {
    const n = Number(readFileSync(path, 'utf8').trim());
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

function tryCreate(path: string): boolean {
  let fd: number;
  try {
    fd = openSync(path, 'wx', 0o644);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
  try {
    writeSync(fd, `${process.pid}\n`);
  } finally {
    closeSync(fd);
  }
  return true;
}

/** Take the lock on an existing directory or throw DataDirLockedError. */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE_NAME);
  if (heldByThisProcess.has(path)) throw new DataDirLockedError(dataDir, process.pid);
  if (!tryCreate(path)) {
    const pid = readPid(path);
    // Our own pid in a lock we do not hold is stale (e.g. pid 1 again after a container restart).
    const stale = pid !== null && (pid === process.pid || !isAlive(pid));
    if (!stale) throw new DataDirLockedError(dataDir, pid);
    unlinkSync(path);
    // Another process may win the race for the stale lock; then it is theirs.
    if (!tryCreate(path)) throw new DataDirLockedError(dataDir, readPid(path));
  }
  heldByThisProcess.add(path);
  let released = false;
  return {
    path,
    release() {
      if (released) return;
      released = true;
      heldByThisProcess.delete(path);
      if (readPid(path) === process.pid) {
        try {
          unlinkSync(path);
        } catch {
          // Already gone: nothing to release.
        }
      }
    },
  };
}
