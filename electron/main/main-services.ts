/**
 * Main's services over one data folder, put together once for every host: the Electron app
 * (its user-data folder) and the browser hosts (scripts/dev-browser.ts: MAIEUTIC_USER_DATA_DIR
 * or the per-user default). Everything main writes lies under that folder, private to the user
 * (services/private-files.ts):
 *   <data>/llm/connections.json, <data>/llm/keys.json (Electron's encrypted keys),
 *   <data>/llm/cache/answers.jsonl, <data>/jobs/<job id>.jsonl, <data>/backups/
 * Plain Node: no electron import (the Electron-only parts, the secret store's cipher and the
 * dialogs, are passed in).
 */
import { join } from 'node:path';
import type { InvokeHandlers } from '../../shared/ipc/contract';
import type { JobEvent } from '../../shared/jobs';
import { BackupStore } from '../services/backups/backup-store';
import { createLlmServices, llmHandlerDeps, type LlmServices } from '../services/llm/llm-services';
import type { SecretStore } from '../services/secrets/secret-store';
import { createHandlers, type HandlerDeps } from './ipc/handlers';

/** Where Electron keeps the encrypted API keys in a data folder. */
export function keyFilePath(dataDir: string): string {
  return join(dataDir, 'llm', 'keys.json');
}

export interface MainServicesOptions extends Pick<HandlerDeps, 'host' | 'version' | 'platform' | 'resourcesDir' | 'dialogs' | 'closeGuard' | 'unsavedWork'> {
  dataDir: string;
  secrets: SecretStore;
  /** every job event, to the window (Electron), the page (dev:browser) or the event stream (dev:serve) */
  emit(event: JobEvent): void;
}

export interface MainServices {
  handlers: InvokeHandlers;
  llm: LlmServices;
  backups: BackupStore;
}

export function createMainServices(options: MainServicesOptions): MainServices {
  const { dataDir, secrets, emit, ...handlerDeps } = options;
  const llm = createLlmServices({ dataDir, secrets, appVersion: options.version, emit });
  const backups = new BackupStore(join(dataDir, 'backups'));
  const handlers = createHandlers({ ...handlerDeps, backups, ...llmHandlerDeps(llm) });
  return { handlers, llm, backups };
}
