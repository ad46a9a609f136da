/**
 * The port a profile keeps its data at. A browser keeps IndexedDB per origin, and the origin
 * includes the port: the app's data set, reviews and layers are found again only at the same
 * port. So the port is kept in a small file beside the data (dev:browser: in its Chromium
 * profile; dev:serve: in the data folder), used at every start, and changed only when --port (or
 * MAIEUTIC_PORT) asks for another. It is recorded once the server listens there, so a refused
 * port is never recorded.
 */
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { makePrivateDir, writePrivateFileAtomic } from '../../electron/services/private-files';

export const PORT_RECORD_FILE = 'maieutic-port.json';

export interface PortChoice {
  port: number;
  /** where it came from: asked for (--port), the record, or the default of a new profile */
  source: 'asked' | 'recorded' | 'default';
  /** the port recorded before, when it is another than `port` */
  previous: number | null;
}

function isPort(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= 65535;
}

/** The recorded port, null without a record; a damaged record is an error naming the file. */
export async function readPortRecord(file: string): Promise<number | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new Error(`${file}: cannot read the port this profile keeps its data at (${(error as Error).message}).`);
  }
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    record = null;
  }
  const port = (record as { port?: unknown } | null)?.port;
  if (!isPort(port)) throw new Error(`${file}:1: not a port record (expected {"port": <1-65535>}); start with --port N to write it again, choosing the port the data is at.`);
  return port;
}

export async function choosePort(file: string, asked: number | undefined, fallback: number): Promise<PortChoice> {
  const recorded = await readPortRecord(file);
  if (asked !== undefined) return { port: asked, source: 'asked', previous: recorded !== null && recorded !== asked ? recorded : null };
  if (recorded !== null) return { port: recorded, source: 'recorded', previous: null };
  return { port: fallback, source: 'default', previous: null };
}

export async function recordPort(file: string, port: number): Promise<void> {
  if ((await readPortRecord(file).catch(() => null)) === port) return;
  await makePrivateDir(dirname(file));
  await writePrivateFileAtomic(file, `${JSON.stringify({ port })}\n`);
}

/** What to say when the port changed from the recorded one: the data stored at the old port is not shown at the new one. */
export function portChangeNote(choice: PortChoice): string | null {
  if (choice.previous === null) return null;
  return `Note: this profile kept its data at port ${choice.previous}; it now uses port ${choice.port}, where the browser keeps other data (start with --port ${choice.previous} to see what was stored there).`;
}
