// Exclusive lock on DATA_DIR: PGlite has no lock of its own and two processes on one
// directory corrupt it. The lock file holds the owner's pid (and, on Linux, its start time); a
// dead owner's lock is taken over. Dead includes a process killed but not yet reaped by its
// parent (a zombie, e.g. right after kill -9 under a shell or a container init that reaps
// late) and a pid now used by another process (the start time differs).
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

function exists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** State letter and start time (clock ticks since boot) from /proc; undefined off Linux. */
function procStat(pid: number): { state: string; start: string } | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  const start = fields[19];
  return state === undefined || start === undefined ? undefined : { state, start };
}

interface LockOwner {
  pid: number;
  /** The owner's start time when it could be read (Linux); absent in older lock files. */
  start?: string;
}

/** The lock's owner is still running: not gone, not a zombie, and not a reused pid. */
function isAlive(owner: LockOwner): boolean {
  if (!exists(owner.pid)) return false;
  const stat = procStat(owner.pid);
  if (stat === undefined) return true;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return owner.start === undefined || owner.start === stat.start;
}

function readOwner(path: string): LockOwner | null {
  try {
    const [pidText = '', start] = readFileSync(path, 'utf8').trim().split(/\s+/);
    const pid = Number(pidText);
    if (!Number.isSafeInteger(pid) || pid <= 0) return null;
    return start !== undefined && /^\d+$/.test(start) ? { pid, start } : { pid };
  } catch {
    return null;
  }
}

function readPid(path: string): number | null {
  return readOwner(path)?.pid ?? null;
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
    const start = procStat(process.pid)?.start;
    writeSync(fd, start === undefined ? `${process.pid}\n` : `${process.pid} ${start}\n`);
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
    const owner = readOwner(path);
    // Our own pid in a lock we do not hold is stale (e.g. pid 1 again after a container restart).
    const stale = owner !== null && (owner.pid === process.pid || !isAlive(owner));
    if (!stale) throw new DataDirLockedError(dataDir, owner?.pid ?? null);
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
