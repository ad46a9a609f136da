import { basename } from 'node:path';
import type { SaveExportArgs } from '../../shared/ipc/contract';
import type { DialogPort } from '../../electron/main/ipc/dialog-port';

export type DialogKind = 'files' | 'folder' | 'codebook' | 'save';

export type DialogCall =
  | { dialog: 'files' }
  | { dialog: 'folder' }
  | { dialog: 'codebook' }
  | { dialog: 'save'; defaultName: string; kind: SaveExportArgs['kind'] };

/**
 * A DialogPort answered by the test. Each dialog kind has a queue of answers; a dialog that
 * opens with nothing queued throws, so a test never silently gets a cancel it did not ask for.
 */
export interface FakeDialogs extends DialogPort {
  /** the next "Open files" dialog returns these absolute paths */
  nextFiles(paths: string[]): void;
  /** the next "Open folder" dialog returns this absolute path */
  nextFolder(path: string): void;
  /** the next "Import codebook" dialog returns this absolute path */
  nextCodebook(path: string): void;
  /** the next save dialog returns this absolute path */
  nextSavePath(path: string): void;
  /** the next dialog of this kind is cancelled */
  nextCancel(dialog: DialogKind): void;
  /**
   * Drag and drop, the other way a user chooses files: the next drop's items are at these paths
   * (what webUtils.getPathForFile gives the preload). The test still performs the drop itself.
   */
  nextDrop(paths: string[]): void;
  /** the paths of the drop whose items have these names; throws when none was queued or the names differ */
  takeDrop(names: readonly string[]): string[];
  /** every dialog opened so far, in order */
  readonly calls: readonly DialogCall[];
  /** answers queued but never consumed, e.g. `["save: /tmp/x.csv"]` */
  pendingAnswers(): string[];
}

const DIALOG_KINDS = ['files', 'folder', 'codebook', 'save'] as const satisfies readonly DialogKind[];
const ANSWER_METHOD: Record<DialogKind, string> = { files: 'nextFiles', folder: 'nextFolder', codebook: 'nextCodebook', save: 'nextSavePath' };

export function createFakeDialogs(): FakeDialogs {
  const queues: Record<DialogKind, (string | string[] | null)[]> = { files: [], folder: [], codebook: [], save: [] };
  const calls: DialogCall[] = [];
  const drops: string[][] = [];

  const take = (dialog: DialogKind) => {
    if (queues[dialog].length === 0) {
      throw new Error(
        `Fake dialogs: a "${dialog}" dialog opened but the test queued no answer ` +
          `(call dialogs.${ANSWER_METHOD[dialog]}(…) or dialogs.nextCancel('${dialog}') first)`,
      );
    }
    return queues[dialog].shift() ?? null;
  };

  return {
    calls,
    nextFiles: (paths) => void queues.files.push([...paths]),
    nextFolder: (path) => void queues.folder.push(path),
    nextCodebook: (path) => void queues.codebook.push(path),
    nextSavePath: (path) => void queues.save.push(path),
    nextCancel: (dialog) => void queues[dialog].push(null),
    nextDrop: (paths) => void drops.push([...paths]),
    takeDrop(names) {
      const paths = drops.shift();
      if (!paths) throw new Error('Fake dialogs: files were dropped but the test queued no paths (call dialogs.nextDrop(…) first)');
      const expected = paths.map((path) => basename(path));
      if (expected.join('\n') !== names.join('\n')) {
        throw new Error(`Fake dialogs: the drop carried ${JSON.stringify(names)}, but the queued paths name ${JSON.stringify(expected)}`);
      }
      return paths;
    },
    pendingAnswers: () => [
      ...DIALOG_KINDS.flatMap((dialog) =>
        queues[dialog].map((answer) => `${dialog}: ${answer === null ? 'cancel' : String(answer)}`),
      ),
      ...drops.map((paths) => `drop: ${paths.join(', ')}`),
    ],
    async pickFiles() {
      calls.push({ dialog: 'files' });
      const answer = take('files');
      return Array.isArray(answer) ? answer : null;
    },
    async pickFolder() {
      calls.push({ dialog: 'folder' });
      const answer = take('folder');
      return typeof answer === 'string' ? answer : null;
    },
    async pickCodebook() {
      calls.push({ dialog: 'codebook' });
      const answer = take('codebook');
      return typeof answer === 'string' ? answer : null;
    },
    async pickSavePath(defaultName, kind) {
      calls.push({ dialog: 'save', defaultName, kind });
      const answer = take('save');
      return typeof answer === 'string' ? answer : null;
    },
  };
}
