/**
 * Full disks and unwritable outputs: every command that writes files, on a disk full before the
 * run and filled at its first call (runners/disk.ts makes the disk and feeds the built CLI against
 * the scripted server, then reruns with room), standard output that cannot be written, and a
 * device named as the results file. Each must be refused in one line naming the file, exit 1,
 * leave no temporary or half-written file, and a rerun with room must finish the job.
 */
import { join, writeBytes } from '../builders';
import { makeFullFolder } from '../../support/full-disk';
import { GOOD, jsonl, type FaultKind } from './kind';

const NO_ENDPOINT = ['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm'];
/** A teacher-model folder with one good file, under `dir`. */
const modelFolder = (dir: string) => (writeBytes(join(dir, 'GPT-4o', 'a.jsonl'), jsonl(GOOD)), join(dir, 'GPT-4o'));

/** The kind's folder, or why this system cannot make a full disk (the runner makes it under the folder). */
function fullDiskHere(dir: string, fillsMidRun = false): string | { unavailable: string } {
  const probe = makeFullFolder(64);
  if ('unavailable' in probe) return probe;
  probe.remove();
  // a read-only folder (not root) refuses only what is made after it: filling mid-run needs the tmpfs
  if (fillsMidRun && probe.code !== 'ENOSPC') return { unavailable: 'not root: no tmpfs to fill while the run goes' };
  modelFolder(dir);
  return dir;
}

const COMMANDS = ['annotate', 'judge', 'generate', 'synthesize-rubric'] as const;
const onFullDisk = (command: (typeof COMMANDS)[number], when: 'full-before-the-run' | 'filled-at-the-first-call'): FaultKind => ({
  id: `disk/${command}-${when}`,
  expect: 'refused',
  runner: 'disk',
  cli: null,
  app: false,
  mentions: ['could not be written', 'nothing finished was lost'],
  build: (dir) => fullDiskHere(dir, when === 'filled-at-the-first-call'),
});

export const DISK_KINDS: readonly FaultKind[] = [
  ...COMMANDS.flatMap((command) => [onFullDisk(command, 'full-before-the-run'), onFullDisk(command, 'filled-at-the-first-call')]),
  { id: 'disk/validate-stdout-to-dev-full', expect: 'refused', runner: 'disk', cli: null, app: false, mentions: ['standard output: could not be written', 'ENOSPC'], build: (dir) => (modelFolder(dir), dir) },
  { id: 'disk/judge-out-is-a-device', expect: 'refused', app: false, mentions: ['/dev/full', 'not a regular file'], cli: ['judge', '{}', ...NO_ENDPOINT, '--out', '/dev/full'], build: modelFolder },
  { id: 'disk/judge-with-room', expect: 'accepted', runner: 'disk', cli: null, app: false, build: (dir) => fullDiskHere(dir) },
];
