/**
 * `npm run dev:serve`: no window; the app and its handlers on 127.0.0.1 for any browser on this
 * machine (app-server.ts), at the port the data folder keeps (port-record.ts), until Ctrl+C or
 * SIGTERM. Job events reach the open tabs as server-sent events.
 */
import { join } from 'node:path';
import type { InvokeHandlers } from '../../shared/ipc/contract';
import type { JobEvent } from '../../shared/jobs';
import { RENDERER_OUT_DIR } from '../../tests/support/repo-paths';
import { DEFAULT_PORT, startAppServer } from './app-server';
import { findPortHolder, portTakenMessage } from './port-holder';
import { choosePort, portChangeNote, recordPort, PORT_RECORD_FILE } from './port-record';

export interface ServeOptions {
  handlers: InvokeHandlers;
  dataDir: string;
  askedPort?: number;
  deliverTo(deliver: (event: JobEvent) => void): void;
  stopRequested: Promise<void>;
}

export async function runServer(options: ServeOptions): Promise<void> {
  const recordFile = join(options.dataDir, PORT_RECORD_FILE);
  const choice = await choosePort(recordFile, options.askedPort, DEFAULT_PORT);
  const server = await startAppServer({ rootDir: RENDERER_OUT_DIR, handlers: options.handlers, port: choice.port }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code === 'EADDRINUSE') throw new Error(portTakenMessage(choice.port, await findPortHolder(choice.port), 'This data folder'));
    throw error;
  });
  try {
    await recordPort(recordFile, choice.port);
    options.deliverTo((event) => server.emit('jobs.event', event));
    const note = portChangeNote(choice);
    if (note) console.log(`${note}\n`);
    console.log(`Maieutic is served at ${server.url}

  Open that address in a browser on this machine. The address is the key: without it the server
  answers nothing, so keep it to yourself. It changes at every start; your reviews do not, as long
  as the port stays ${server.port}: they are stored in the browser, for ${server.origin}.
  From another computer: ssh -L ${server.port}:127.0.0.1:${server.port} <this machine>, then open the same address there.
  Connections, job results and backups are kept in ${options.dataDir}.
  "Open files", "Open folder" and "Export" ask for paths in this terminal. Ctrl+C stops the server.`);
    await options.stopRequested;
  } finally {
    await server.close();
  }
}
