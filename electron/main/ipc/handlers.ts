/**
 * The main-process side of the IPC contract, in plain Node: one handler module per domain,
 * merged here into the full map. Electron registers it with `ipcMain` (register.ts); the
 * Playwright bridge (tests/support/bridge.ts) exposes the very same functions to Chromium. Each
 * handler parses its untrusted argument first (validate.ts).
 */
import type { InvokeHandlers } from '../../../shared/ipc/contract';
import { createAppHandlers, type AppHandlerDeps } from './app-handlers';
import { createBackupHandlers, type BackupHandlerDeps } from './backup-handlers';
import { createExportHandlers, type ExportHandlerDeps } from './export-handlers';
import { createImportHandlers, type ImportHandlerDeps } from './import-handlers';
import { createJobsHandlers, type JobsHandlerDeps } from './jobs-handlers';
import { createLlmHandlers, type LlmHandlerDeps } from './llm-handlers';
import { createSampleHandlers, type SampleHandlerDeps } from './sample-handlers';

export type HandlerDeps = AppHandlerDeps & ImportHandlerDeps & ExportHandlerDeps & SampleHandlerDeps & LlmHandlerDeps & JobsHandlerDeps & BackupHandlerDeps;

/** The channels more than one of `Domains` handles; a spread would let the later one win unseen. */
type HandledTwice<Domains extends readonly object[], Seen = never> = Domains extends readonly [infer First extends object, ...infer Rest extends readonly object[]]
  ? Extract<keyof First, Seen> | HandledTwice<Rest, Seen | keyof First>
  : never;

export function createHandlers(deps: HandlerDeps): InvokeHandlers {
  const app = createAppHandlers(deps);
  const imports = createImportHandlers(deps);
  const sample = createSampleHandlers(deps);
  const exports = createExportHandlers(deps);
  const llm = createLlmHandlers(deps);
  const jobs = createJobsHandlers(deps);
  const backups = createBackupHandlers(deps);
  // `satisfies` makes a channel no domain handles a type error; each domain's own return type
  // refuses a channel outside the contract, and this names a channel two domains both handle.
  type Twice = HandledTwice<[typeof app, typeof imports, typeof sample, typeof exports, typeof llm, typeof jobs, typeof backups]>;
  const eachChannelOnce: [Twice] extends [never] ? true : { handledTwice: Twice } = true;
  void eachChannelOnce;
  return { ...app, ...imports, ...sample, ...exports, ...llm, ...jobs, ...backups } satisfies InvokeHandlers;
}
