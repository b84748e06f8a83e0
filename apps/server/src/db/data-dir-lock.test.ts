// The DATA_DIR lock: one process per directory; a dead owner's lock is taken over.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from './data-dir-lock';

const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'hc-portal-lock-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The pid in a lock file (the first word; Linux adds the owner's start time). */
const lockPid = (dir: string) =>
  readFileSync(join(dir, LOCK_FILE_NAME), 'utf8').trim().split(' ')[0];

/** A pid that is certainly not running: a child that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

describe('acquireDataDirLock', () => {
  it('creates the lock file holding our pid and removes it on release', () => {
    const dir = newDir();
    const lock = acquireDataDirLock(dir);
    expect(lockPid(dir)).toBe(String(process.pid));
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
    expect(lockPid(dir)).toBe(String(process.pid));
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

// Restart after kill -9: a real process holds the lock through this module and is killed.
describe.runIf(process.platform === 'linux')('a lock holder killed with SIGKILL', () => {
  const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
  const lockModule = fileURLToPath(new URL('./data-dir-lock.ts', import.meta.url));
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const c of children.splice(0)) if (c.exitCode === null) c.kill('SIGKILL');
  });

  /** Node code that takes the lock on `dir`, prints "READY <pid>" and then waits forever. */
  const holderScript = (dir: string) =>
    `import(${JSON.stringify(lockModule)}).then((m) => { m.acquireDataDirLock(${JSON.stringify(dir)});` +
    ` process.stdout.write('READY ' + process.pid + '\\n'); setInterval(() => {}, 1000); });`;

  /** Starts `child` and resolves with the holder's pid once it has the lock. */
  function holderPid(child: ChildProcess): Promise<number> {
    children.push(child);
    return new Promise((resolve, reject) => {
      let out = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const m = /READY (\d+)/.exec(out);
        if (m?.[1] !== undefined) resolve(Number(m[1]));
      });
      child.once('exit', (code) => reject(new Error(`holder exited (${code}) before locking`)));
    });
  }

  /** The process state letter in /proc (Z: killed, not yet reaped), undefined once gone. */
  function procState(pid: number): string | undefined {
    try {
      const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
      return text.slice(text.lastIndexOf(')') + 2).split(' ')[0];
    } catch {
      return undefined;
    }
  }

  async function until(check: () => boolean): Promise<void> {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 25));
  }

  it('refuses while the holder runs and takes the lock right after kill -9', async () => {
    const dir = newDir();
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', holderScript(dir)], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pid = await holderPid(child);
    expect(() => acquireDataDirLock(dir)).toThrow(`(pid ${pid})`);
    const exited = new Promise((r) => child.once('exit', r));
    process.kill(pid, 'SIGKILL');
    await exited;
    const lock = acquireDataDirLock(dir);
    expect(lockPid(dir)).toBe(String(process.pid));
    lock.release();
  });

  it('takes over from a holder killed with SIGKILL that its parent has not reaped (zombie)', async () => {
    const dir = newDir();
    // The shell starts the holder, then becomes `sleep`, which never reaps it: after kill -9
    // the holder stays a zombie, as under an init or a shell that reaps late.
    const child = spawn('/bin/sh', ['-c', '"$NODE" --import tsx -e "$SCRIPT" & exec sleep 60'], {
      cwd: repoRoot,
      env: { ...process.env, NODE: process.execPath, SCRIPT: holderScript(dir) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const pid = await holderPid(child);
    expect(() => acquireDataDirLock(dir)).toThrow(`(pid ${pid})`);
    process.kill(pid, 'SIGKILL');
    await until(() => procState(pid) !== 'S' && procState(pid) !== 'R');
    expect(procState(pid)).toBe('Z');
    const lock = acquireDataDirLock(dir);
    expect(lockPid(dir)).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (other start time)', () => {
    const dir = newDir();
    // process.ppid is alive, but it is not the process that wrote this lock.
    writeFileSync(join(dir, LOCK_FILE_NAME), `${process.ppid} 1\n`);
    acquireDataDirLock(dir).release();
  });
});
