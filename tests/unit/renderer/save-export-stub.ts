import { vi } from 'vitest';
import type { SaveExportArgs, SaveExportResult } from '../../../shared/ipc/contract';

/**
 * Replaces `window.api` with one that answers `files.saveExport` as if the user chose
 * `/exports/<default name>`, and records what was saved. Call in beforeEach; undo with
 * vi.unstubAllGlobals() in afterEach.
 */
export function stubSaveExport(): SaveExportArgs[] {
  const saved: SaveExportArgs[] = [];
  const invoke = async (channel: string, arg: SaveExportArgs): Promise<SaveExportResult> => {
    if (channel !== 'files.saveExport') throw new Error(`unexpected channel ${channel}`);
    saved.push(arg);
    return { canceled: false, path: `/exports/${arg.defaultName}`, bytes: arg.content.length };
  };
  vi.stubGlobal('window', { api: { invoke, on: () => () => undefined } });
  return saved;
}
