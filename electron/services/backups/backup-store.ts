/**
 * Backups of the renderer's database, in plain Node (no electron: the folder is passed in).
 * The renderer streams the database table by table (begin → chunk… → commit); each chunk goes
 * straight through gzip into a temporary file beside the target, which is fsynced and renamed
 * over the target on commit. An abort, or any failure, removes the temporary file: a backup is
 * there whole or not at all, and the ones before it are never touched. After a commit into the
 * backups folder, all but the newest `keep` are pruned (never the one just written).
 *
 * Format: shared/backup/manifest.ts. The same writer and reader serve project files, at a path
 * the user chose (no sidecar, no pruning).
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { open, readdir, readFile, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { createGzip, gunzip, type Gzip } from 'node:zlib';
import { promisify } from 'node:util';
import { makePrivateDir, PRIVATE_FILE_MODE, writePrivateFileAtomic } from '../private-files';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, PROJECT_EXTENSION, parseManifest, type BackupInfo, type BackupManifest, type BackupReason } from '../../../shared/backup/manifest';
import { asWriteFailure, FileWriteError, writingTo } from '../write-failure';

const gunzipAsync = promisify(gunzip);
const SIDECAR = '.manifest.json';
export const DEFAULT_KEEP = 20;

interface WriteSession {
  target: string;
  temp: string;
  gzip: Gzip;
  file: WriteStream;
  /** resolves when the file stream has closed, rejects on a stream error */
  done: Promise<void>;
  inBackupsFolder: boolean;
  failed: Error | null;
}

interface ReadSession {
  name: string;
  chunks: { table: string; rows: unknown[] }[];
  next: number;
}

export interface CommitResult {
  name: string;
  path: string;
  bytes: number;
  pruned: string[];
}

export interface OpenedBackup {
  readId: string;
  name: string;
  manifest: BackupManifest;
  chunks: number;
}

/** `backup-2026-12-02T20-15-30-123Z-manual.maieutic`: sorts by time. */
export function backupFileName(createdAt: Date, reason: BackupReason): string {
  return `backup-${createdAt.toISOString().replace(/[:.]/g, '-')}-${reason}.${PROJECT_EXTENSION}`;
}

const BACKUP_NAME = /^backup-[0-9TZ-]+-[a-z-]+\.maieutic$/;

export interface BackupStoreOptions {
  /** now, for file names (tests pin it) */
  now?: () => Date;
}

export class BackupStore {
  private readonly writes = new Map<string, WriteSession>();
  private readonly reads = new Map<string, ReadSession>();
  private readonly now: () => Date;

  constructor(readonly dir: string, options: BackupStoreOptions = {}) {
    this.now = options.now ?? (() => new Date());
  }

  /** Starts a write into the backups folder (`path` absent) or to a project file at `path`. */
  async begin(path?: string, reason: BackupReason = 'manual'): Promise<{ writeId: string; name: string }> {
    let target: string;
    if (path === undefined) {
      await writingTo(this.dir, () => makePrivateDir(this.dir));
      target = join(this.dir, this.uniqueName(reason));
    } else {
      target = path;
    }
    const writeId = randomBytes(8).toString('hex');
    const temp = join(dirname(target), `.${basename(target)}.${writeId}.tmp`);
    const gzip = createGzip();
    // a backup in the data folder is this user's alone; a project file goes where the user said, with the usual permissions
    const file = createWriteStream(temp, path === undefined ? { flags: 'wx', mode: PRIVATE_FILE_MODE } : { flags: 'wx' });
    const session: WriteSession = { target, temp, gzip, file, inBackupsFolder: path === undefined, failed: null, done: Promise.resolve() };
    session.done = new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        session.failed ??= error;
        reject(error);
      };
      gzip.on('error', fail);
      file.on('error', fail);
      file.on('close', () => (session.failed ? reject(session.failed) : resolve()));
    });
    session.done.catch(() => undefined);
    gzip.pipe(file);
    this.writes.set(writeId, session);
    await this.writeLine(session, JSON.stringify({ format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION }));
    return { writeId, name: basename(target) };
  }

  /** One chunk of a table: `rows` is the JSON array text of row-codec's encodeRows. */
  async chunk(writeId: string, table: string, rows: string): Promise<void> {
    const session = this.session(writeId);
    try {
      const parsed: unknown = JSON.parse(rows);
      if (!Array.isArray(parsed)) throw new Error('rows must be a JSON array');
      await this.writeLine(session, `{"table":${JSON.stringify(table)},"rows":${rows}}`);
    } catch (error) {
      await this.abort(writeId);
      const failure = asWriteFailure(session.target, error);
      if (failure instanceof FileWriteError) throw failure;
      throw new Error(`Backup ${basename(session.target)}: could not write ${table}: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Writes the manifest, closes, fsyncs and renames the file into place; then prunes. */
  async commit(writeId: string, manifest: BackupManifest, keep = DEFAULT_KEEP): Promise<CommitResult> {
    const session = this.session(writeId);
    const name = basename(session.target);
    try {
      const checked = parseManifest(manifest, name);
      await this.writeLine(session, JSON.stringify({ manifest: checked }));
      session.gzip.end();
      await session.done;
      const handle = await open(session.temp, 'r+');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(session.temp, session.target);
      this.writes.delete(writeId);
      const bytes = (await stat(session.target)).size;
      let pruned: string[] = [];
      if (session.inBackupsFolder) {
        await writePrivateFileAtomic(session.target + SIDECAR, JSON.stringify({ bytes, manifest: checked }));
        pruned = await this.prune(keep, name);
      }
      return { name, path: session.target, bytes, pruned };
    } catch (error) {
      await this.abort(writeId);
      const failure = asWriteFailure(session.target, error);
      if (failure instanceof FileWriteError) throw failure;
      throw new Error(`Backup ${name} was not saved: ${(error as Error).message}`, { cause: error });
    }
  }

  /** Drops a write: the temporary file is removed, nothing else changes. */
  async abort(writeId: string): Promise<void> {
    const session = this.writes.get(writeId);
    if (!session) return;
    this.writes.delete(writeId);
    session.gzip.destroy();
    session.file.destroy();
    await session.done.catch(() => undefined);
    await unlink(session.temp).catch(() => undefined);
  }

  /** The backups in the folder, newest first. */
  async list(): Promise<BackupInfo[]> {
    const names = await readdir(this.dir).catch(() => [] as string[]);
    const infos: BackupInfo[] = [];
    for (const name of names.filter((entry) => BACKUP_NAME.test(entry))) {
      const path = join(this.dir, name);
      try {
        const sidecar = JSON.parse(await readFile(path + SIDECAR, 'utf8')) as { manifest?: unknown };
        infos.push({ name, bytes: (await stat(path)).size, manifest: parseManifest(sidecar.manifest, name) });
      } catch {
        // no sidecar (or a broken one): read the file itself; a file that cannot be read is not listed as usable
        try {
          const read = await readBackupFile(path);
          infos.push({ name, bytes: (await stat(path)).size, manifest: read.manifest });
        } catch {
          // skipped: opening it names the problem
        }
      }
    }
    return infos.sort((a, b) => (a.name < b.name ? 1 : a.name > b.name ? -1 : 0));
  }

  /** Keeps the newest `keep` backups (at least 1) and always `justWritten`; returns the names removed. */
  async prune(keep: number, justWritten?: string): Promise<string[]> {
    const names = (await readdir(this.dir)).filter((entry) => BACKUP_NAME.test(entry)).sort().reverse();
    const kept = new Set(names.slice(0, Math.max(1, keep)));
    if (justWritten) kept.add(justWritten);
    const removed: string[] = [];
    for (const name of names) {
      if (kept.has(name)) continue;
      await unlink(join(this.dir, name));
      await unlink(join(this.dir, name + SIDECAR)).catch(() => undefined);
      removed.push(name);
    }
    return removed;
  }

  /** Opens a backup of the folder by name, or a project file by path, checking it whole. */
  async openRead(source: { name: string } | { path: string }): Promise<OpenedBackup> {
    let path: string;
    if ('name' in source) {
      if (!BACKUP_NAME.test(source.name)) throw new Error(`No backup named ${JSON.stringify(source.name)}`);
      path = join(this.dir, source.name);
    } else {
      path = source.path;
    }
    const read = await readBackupFile(path);
    const readId = randomBytes(8).toString('hex');
    this.reads.set(readId, { name: basename(path), chunks: read.chunks, next: 0 });
    return { readId, name: basename(path), manifest: read.manifest, chunks: read.chunks.length };
  }

  readChunk(readId: string): { table: string; rows: unknown[] } | null {
    const session = this.reads.get(readId);
    if (!session) throw new Error('This backup is not open (it was closed or never opened)');
    const chunk = session.chunks[session.next] ?? null;
    session.next += 1;
    if (chunk === null) this.reads.delete(readId);
    return chunk;
  }

  closeRead(readId: string): void {
    this.reads.delete(readId);
  }

  private uniqueName(reason: BackupReason): string {
    return backupFileName(this.now(), reason);
  }

  private session(writeId: string): WriteSession {
    const session = this.writes.get(writeId);
    if (!session) throw new Error('This backup is not being written (it was committed, aborted or never begun)');
    return session;
  }

  private async writeLine(session: WriteSession, line: string): Promise<void> {
    if (session.failed) throw session.failed;
    const flushed = session.gzip.write(line + '\n');
    if (!flushed) {
      await new Promise<void>((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        session.gzip.once('error', onError);
        session.gzip.once('drain', () => {
          session.gzip.off('error', onError);
          resolve();
        });
      });
    }
    if (session.failed) throw session.failed;
  }
}

/**
 * Reads and checks a whole backup or project file: gzip intact, the header first, every chunk a
 * table of the manifest, the row counts those of the manifest, the manifest last. Every refusal
 * names the file.
 */
export async function readBackupFile(path: string): Promise<{ manifest: BackupManifest; chunks: { table: string; rows: unknown[] }[] }> {
  const name = basename(path);
  const refuse = (why: string): never => {
    throw new Error(`${name} cannot be restored: ${why}`);
  };
  const compressed = await readFile(path).catch((error: NodeJS.ErrnoException) =>
    refuse(error.code === 'ENOENT' ? 'the file does not exist' : error.message),
  );
  const text = await gunzipAsync(compressed).then(
    (buffer) => buffer.toString('utf8'),
    (error: Error) => refuse(`the file is damaged or truncated (${error.message})`),
  );
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  const parseLine = (line: string, index: number): Record<string, unknown> => {
    try {
      const value: unknown = JSON.parse(line);
      if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // reported below
    }
    return refuse(`line ${index + 1} is not valid`);
  };
  const header = lines.length > 0 ? parseLine(lines[0]!, 0) : refuse('the file is empty');
  if (header.format !== BACKUP_FORMAT) refuse('it is not a Maieutic backup or project file');
  if (typeof header.formatVersion !== 'number' || header.formatVersion > BACKUP_FORMAT_VERSION) refuse('it was written in a newer format');
  const last = lines.length > 1 ? parseLine(lines[lines.length - 1]!, lines.length - 1) : refuse('the file is truncated (no manifest)');
  if (!('manifest' in last)) refuse('the file is truncated (no manifest at its end)');
  let manifest: BackupManifest;
  try {
    manifest = parseManifest(last.manifest, name);
  } catch (error) {
    return refuse((error as Error).message);
  }
  const counts: Record<string, number> = {};
  const chunks: { table: string; rows: unknown[] }[] = [];
  for (let index = 1; index < lines.length - 1; index += 1) {
    const chunk = parseLine(lines[index]!, index);
    if (typeof chunk.table !== 'string' || !Array.isArray(chunk.rows)) refuse(`line ${index + 1} is not a chunk of rows`);
    const table = chunk.table as string;
    if (!(table in manifest.tables)) refuse(`line ${index + 1} holds rows of ${table}, a table the manifest does not list`);
    counts[table] = (counts[table] ?? 0) + (chunk.rows as unknown[]).length;
    chunks.push({ table, rows: chunk.rows as unknown[] });
  }
  for (const [table, expected] of Object.entries(manifest.tables)) {
    if ((counts[table] ?? 0) !== expected) refuse(`${table} has ${counts[table] ?? 0} rows, the manifest says ${expected}`);
  }
  return { manifest, chunks };
}
