/**
 * A folder whose writes fail as on a full or unwritable disk, made without touching the machine's
 * own disks: as root (root ignores permissions) a small tmpfs mounted on it, filled to the last
 * byte by `fill()` (writes then fail with ENOSPC); as another user a folder made read-only
 * (EACCES). Where neither can be made (root without the right to mount), `makeFullFolder` says
 * why, and the caller must skip with that reason printed: such a check never counts as passed.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface FullFolder {
  path: string;
  /** the error code a write gets once `fill()` ran */
  code: 'ENOSPC' | 'EACCES';
  /** from now on, writes under `path` fail (a file that grows fails at its next write) */
  fill(): void;
  /** writes succeed again (the user made room) */
  free(): void;
  remove(): void;
}

const FILLER = '.filler';

/** A folder of `sizeKb` (the tmpfs case) that starts writable; or why one cannot be made here. */
export function makeFullFolder(sizeKb = 512): FullFolder | { unavailable: string } {
  const parent = mkdtempSync(join(tmpdir(), 'maieutic-full-disk-'));
  const path = join(parent, 'disk');
  mkdirSync(path);
  const removeParent = () => rmSync(parent, { recursive: true, force: true });
  if (process.getuid?.() !== 0) {
    return {
      path,
      code: 'EACCES',
      // only the folders and files made from now on are refused: a file already open keeps writing
      fill: () => chmodSync(path, 0o555),
      free: () => chmodSync(path, 0o755),
      remove: () => (chmodSync(path, 0o755), removeParent()),
    };
  }
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeKb}k`, 'tmpfs', path], { encoding: 'utf8' });
  if (mounted.status !== 0) {
    removeParent();
    return { unavailable: `running as root, where permissions refuse nothing, and tmpfs cannot be mounted here (${(mounted.stderr || mounted.error?.message || `exit ${mounted.status}`).trim()})` };
  }
  const filler = join(path, FILLER);
  return {
    path,
    code: 'ENOSPC',
    fill: () => {
      // dd stops at the first ENOSPC, with the tmpfs full to its last page
      spawnSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=4k', `count=${Math.ceil(sizeKb / 4) + 1}`], { stdio: 'ignore' });
    },
    free: () => rmSync(filler, { force: true }),
    remove: () => {
      try {
        execFileSync('umount', [path], { stdio: 'pipe' });
      } catch (error) {
        // still busy: a file on it was left open (a leak the caller should hear of); unmounted lazily all the same
        spawnSync('umount', ['-l', path]);
        removeParent();
        throw new Error(`the full disk ${path} was still in use when removed (a file left open): ${String(error)}`);
      }
      removeParent();
    },
  };
}

/** Writes a file in the folder to check it is full (true) without leaving anything behind. */
export function isFull(folder: FullFolder): boolean {
  const probe = join(folder.path, '.probe');
  try {
    writeFileSync(probe, 'x'.repeat(8192));
    rmSync(probe, { force: true });
    return false;
  } catch {
    rmSync(probe, { force: true });
    return true;
  }
}
