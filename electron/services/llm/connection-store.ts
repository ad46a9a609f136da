/**
 * The configured endpoints: their settings in one JSON file of the app's data folder (replaced
 * atomically), their keys in the secret store under each connection's id. What leaves here is
 * always an LlmConnection, which says whether a key is set and never holds it.
 */
import { readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { checkConnection, type ConnectionSettings, type KeyChange, type LlmConnection } from '../../../shared/llm';
import { makePrivateDir, writePrivateFileAtomic } from '../private-files';
import type { SecretStore } from '../secrets/secret-store';

interface ConnectionsFile {
  version: 1;
  connections: ConnectionSettings[];
}

export class ConnectionStore {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly path: string,
    private readonly secrets: SecretStore,
  ) {}

  private async load(): Promise<ConnectionSettings[]> {
    let text: string;
    try {
      text = await readFile(this.path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
    const file = JSON.parse(text) as ConnectionsFile;
    if (file?.version !== 1 || !Array.isArray(file.connections)) throw new Error(`${this.path}: not a connections file this version of Maieutic reads.`);
    return file.connections;
  }

  private async withKeyState(connection: ConnectionSettings): Promise<LlmConnection> {
    return { ...connection, keySet: await this.secrets.has(connection.id) };
  }

  async list(): Promise<LlmConnection[]> {
    return Promise.all((await this.load()).map((connection) => this.withKeyState(connection)));
  }

  async get(id: string): Promise<LlmConnection | null> {
    const found = (await this.load()).find((connection) => connection.id === id);
    return found ? this.withKeyState(found) : null;
  }

  /** Adds or replaces the connection with this id, after checking it; refuses it with every problem in words. */
  save(connection: ConnectionSettings, key: KeyChange): Promise<LlmConnection> {
    const run = this.queue.then(async () => {
      const { problems } = checkConnection({ ...connection, keySet: false });
      if (problems.length > 0) throw new Error(`The connection cannot be saved: ${problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ')}.`);
      if ('set' in key) {
        if (key.set.trim() === '') throw new Error('The API key is empty; leave the field as it is to keep the key set, or remove it.');
        await this.secrets.set(connection.id, key.set.trim());
      } else if ('remove' in key) await this.secrets.delete(connection.id);
      const connections = (await this.load()).filter((existing) => existing.id !== connection.id);
      connections.push(connection);
      await makePrivateDir(dirname(this.path));
      await writePrivateFileAtomic(this.path, `${JSON.stringify({ version: 1, connections } satisfies ConnectionsFile, null, 2)}\n`);
      return this.withKeyState(connection);
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  delete(id: string): Promise<{ deleted: boolean }> {
    const run = this.queue.then(async () => {
      const connections = await this.load();
      const kept = connections.filter((connection) => connection.id !== id);
      await this.secrets.delete(id);
      if (kept.length === connections.length) return { deleted: false };
      await writePrivateFileAtomic(this.path, `${JSON.stringify({ version: 1, connections: kept } satisfies ConnectionsFile, null, 2)}\n`);
      return { deleted: true };
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** The key of a connection, for main's calls only. */
  key(id: string): Promise<string | null> {
    return this.secrets.get(id);
  }
}
