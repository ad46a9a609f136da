import { execFileSync } from 'node:child_process';
import { symlink } from 'node:fs/promises';
import { join } from 'node:path';

/** A named pipe nobody writes to: a plain read of it waits forever. */
export function makeFifo(folder: string, name: string): string {
  const path = join(folder, name);
  execFileSync('mkfifo', [path]);
  return path;
}

/** A link to /dev/zero, which never ends: only read through the link, never written. */
export async function linkToDevZero(folder: string, name: string): Promise<string> {
  const path = join(folder, name);
  await symlink('/dev/zero', path);
  return path;
}

/**
 * Fails (instead of hanging the test run) when `work` has not settled within `ms`: the reads
 * these files provoke block forever when the code under test gets them wrong.
 */
export async function settlesWithin<T>(work: Promise<T>, ms = 3000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not finish within ${ms} ms: the read blocked`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
