/**
 * One browser host per data folder: two processes appending to the same job journals, or
 * resuming each other's jobs, would damage them. `<data>/host.lock` holds the pid of the host
 * using the folder; a second start on the same folder is refused with a line naming that
 * process. A lock whose process is gone (killed, crashed) is taken over. The file is removed on
 * exit.
 */
import { readFileSync, unlinkSync } from 'node:fs';
import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { PRIVATE_FILE_MODE } from '../../electron/services/private-files';

export const LOCK_FILE = 'host.lock';

interface LockRecord {
  pid: number;
  mode: string;
  startedAt: string;
}

export interface HostLock {
  path: string;
  /** removes the lock (idempotent; also safe in an exit handler, where it runs synchronously) */
  release(): void;
}

/** true when a process with this pid runs (one of another user's counts: it may not be signalled, but it is there) */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** On Linux, a pid reused by an unrelated process since the lock was written is not a host. */
function isHostProcess(pid: number): boolean {
  if (!isRunning(pid)) return false;
  if (process.platform !== 'linux') return true;
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dev-browser');
  } catch {
    return true;
  }
}

async function readLock(path: string): Promise<LockRecord | null> {
  try {
    const record = JSON.parse(await readFile(path, 'utf8')) as Partial<LockRecord>;
    return typeof record.pid === 'number' && Number.isInteger(record.pid) && record.pid > 0 ? { pid: record.pid, mode: String(record.mode ?? ''), startedAt: String(record.startedAt ?? '') } : null;
  } catch {
    // unreadable or half written: no live host could have left it so
    return null;
  }
}

export async function acquireHostLock(dataDir: string, mode: string): Promise<HostLock> {
  const path = join(dataDir, LOCK_FILE);
  const record: LockRecord = { pid: process.pid, mode, startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(path, 'wx', PRIVATE_FILE_MODE);
      try {
        await handle.writeFile(`${JSON.stringify(record)}\n`);
      } finally {
        await handle.close();
      }
      let released = false;
      return {
        path,
        release: () => {
          if (released) return;
          released = true;
          try {
            unlinkSync(path);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = await readLock(path);
      if (holder && holder.pid !== process.pid && isHostProcess(holder.pid)) {
        throw new Error(`Another Maieutic (${holder.mode || 'a browser host'}, pid ${holder.pid}, since ${holder.startedAt || 'an unknown time'}) uses the data folder ${dataDir}; stop it first, or give this one another folder with MAIEUTIC_USER_DATA_DIR. (If no such process runs, delete ${path}.)`);
      }
      // its process is gone: the lock is stale
      await unlink(path).catch(() => undefined);
    }
  }
  throw new Error(`Could not take the lock ${path}: another start took it at the same moment; try again.`);
}
