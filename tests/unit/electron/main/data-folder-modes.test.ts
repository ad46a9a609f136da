/**
 * Everything main writes lies under its data folder, private to the user (issue 29, point 3):
 * the services every host builds (electron/main/main-services.ts: Electron's main and both
 * browser hosts) write connections, Electron's encrypted keys, cached answers, job journals and
 * backups as folders 0700 and files 0600, and close folders and files an older version left open
 * to others. A project file the user saves elsewhere keeps the usual permissions.
 */
import { chmod, lstat, mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMainServices, keyFilePath, type MainServices } from '../../../../electron/main/main-services';
import { EncryptedFileSecretStore, type SecretCipher } from '../../../../electron/services/secrets/encrypted-file-store';
import { MemorySecretStore } from '../../../../electron/services/secrets/secret-store';
import { parseCodebook } from '../../../../shared/codebook/parse-codebook';
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION } from '../../../../shared/backup/manifest';
import type { JobEvent } from '../../../../shared/jobs';
import { DEFAULT_PRE_ANNOTATION_TEMPLATE, type ConnectionSettings } from '../../../../shared/llm';
import { createFakeDialogs, type FakeDialogs } from '../../../support/fake-dialogs';
import { promptTurns, validAnswer } from '../../../support/jobs/valid-answers';
import { reply, startLlmServer, type LlmTestServer } from '../../../support/llm-server';
import { RESOURCES_DIR } from '../../../support/repo-paths';
import { makeTempDir, type TempDir } from '../../../support/temp-dir';

const KEY = 'sk-modes-test';
const CODEBOOK = parseCodebook(JSON.parse(readFileSync(join(RESOURCES_DIR, 'codebooks', 'sid-default.json'), 'utf8')), 'sid-default.json');
const cipher: SecretCipher = {
  isEncryptionAvailable: () => true,
  encryptString: (plain) => Buffer.from([...Buffer.from(plain)].reverse()),
  decryptString: (encrypted) => Buffer.from([...encrypted].reverse()).toString('utf8'),
};

/** Every folder and file under `root` (not following links), with its permission bits. */
async function modesUnder(root: string): Promise<{ path: string; kind: 'dir' | 'file'; mode: string }[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const found = await Promise.all(
    entries.map(async (entry) => {
      const path = join(entry.parentPath, entry.name);
      return { path: path.slice(root.length + 1), kind: entry.isDirectory() ? ('dir' as const) : ('file' as const), mode: ((await lstat(path)).mode & 0o777).toString(8) };
    }),
  );
  return found.sort((a, b) => a.path.localeCompare(b.path));
}

const octal = async (path: string) => ((await stat(path)).mode & 0o777).toString(8);

describe.skipIf(process.platform === 'win32')('the data folder main writes', () => {
  let temp: TempDir;
  let server: LlmTestServer;
  let services: MainServices | null;
  let dialogs: FakeDialogs;
  let events: JobEvent[];

  beforeEach(async () => {
    temp = await makeTempDir();
    server = await startLlmServer({ apiKey: KEY, models: ['m'], defaultHandler: ({ body }) => reply.json(validAnswer(CODEBOOK, promptTurns(String(body.messages.at(-1)?.content ?? '')))) });
    dialogs = createFakeDialogs();
    events = [];
    services = null;
  });
  afterEach(async () => {
    await services?.llm.shutdown();
    await server.close();
    await temp.remove();
  });

  function open(dataDir: string, secrets = new MemorySecretStore()): MainServices {
    services = createMainServices({ dataDir, secrets, emit: (event) => events.push(event), host: 'electron', version: 'test', platform: 'linux', resourcesDir: RESOURCES_DIR, dialogs });
    return services;
  }

  async function useEverything({ handlers }: MainServices): Promise<void> {
    const connection: ConnectionSettings = { id: 'c1', name: 'Local', baseURL: server.baseURL, model: 'm', extraHeaders: {}, sampling: {}, concurrency: { start: 2, min: 1, max: 4 } };
    await handlers['llm.connections.save']({ connection, key: { set: KEY } });
    const dialogues = ['d1', 'd2'].map((id) => ({ id, turns: [{ speaker: 'teacher' as const, utterance: `${id} 为什么？` }, { speaker: 'student' as const, utterance: '因为' }] }));
    await handlers['jobs.start']({ definition: { kind: 'pre-annotation', title: 'Modes', connectionIds: ['c1'], itemIds: ['d1', 'd2'], parameters: { datasetId: 'ds', layerName: 'L', codebook: CODEBOOK, template: DEFAULT_PRE_ANNOTATION_TEMPLATE, dialogues } } });
    for (const deadline = Date.now() + 20_000; !events.some((event) => event.type === 'finished'); ) {
      if (Date.now() > deadline) throw new Error('the job did not finish');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const begun = await handlers['backups.begin']({ reason: 'manual' });
    if (begun.canceled) throw new Error('the backup was not begun');
    await handlers['backups.chunk']({ writeId: begun.writeId, table: 'datasets', rows: '[{"id":"a"}]' });
    await handlers['backups.commit']({ writeId: begun.writeId, manifest: { format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, schemaVersion: 1, appVersion: 'test', createdAt: '2026-12-02T10:00:00.000Z', reason: 'manual', tables: { datasets: 1 }, datasets: ['a'] }, keep: 5 });
  }

  it('connections, keys, cached answers, job journals and backups: folders 0700, files 0600, the folder itself included', async () => {
    const dataDir = join(temp.path, 'not-yet', 'data');
    const opened = open(dataDir, new EncryptedFileSecretStore(keyFilePath(dataDir), cipher, 'linux') as never);
    await useEverything(opened);
    const written = await modesUnder(dataDir);
    expect(written.map((entry) => entry.path)).toEqual(expect.arrayContaining(['backups', 'jobs', 'llm', 'llm/cache', 'llm/cache/answers.jsonl', 'llm/connections.json', 'llm/keys.json']));
    expect(written.some((entry) => /^jobs\/[^/]+\.jsonl$/.test(entry.path))).toBe(true);
    expect(written.some((entry) => /^backups\/backup-.*\.maieutic$/.test(entry.path))).toBe(true);
    expect(written.some((entry) => /^backups\/backup-.*\.maieutic\.manifest\.json$/.test(entry.path))).toBe(true);
    expect(written.filter((entry) => entry.mode !== (entry.kind === 'dir' ? '700' : '600'))).toEqual([]);
    expect(await octal(dataDir)).toBe('700');
  }, 60_000);

  it('folders and files an older version left open to others are closed when they are used again', async () => {
    const dataDir = join(temp.path, 'old');
    for (const folder of ['llm', 'llm/cache', 'jobs', 'backups']) await mkdir(join(dataDir, folder), { recursive: true, mode: 0o755 });
    for (const folder of ['', 'llm', 'llm/cache', 'jobs', 'backups']) await chmod(join(dataDir, folder), 0o755);
    await writeFile(join(dataDir, 'llm', 'connections.json'), '{"version":1,"connections":[]}\n', { mode: 0o644 });
    await writeFile(join(dataDir, 'llm', 'cache', 'answers.jsonl'), '', { mode: 0o644 });
    await useEverything(open(dataDir));
    const written = await modesUnder(dataDir);
    expect(written.filter((entry) => entry.mode !== (entry.kind === 'dir' ? '700' : '600'))).toEqual([]);
    // the folder itself is the user's choice (MAIEUTIC_USER_DATA_DIR): left as it is (the browser hosts say so)
    expect(await octal(dataDir)).toBe('755');
  }, 60_000);

  it('a project file saved where the user chose keeps the usual permissions', async () => {
    const { handlers } = open(join(temp.path, 'data'));
    const target = join(temp.path, 'shared-with-colleagues.maieutic');
    dialogs.nextSavePath(target);
    const begun = await handlers['backups.begin']({ reason: 'manual', project: { defaultName: 'project.maieutic' } });
    if (begun.canceled) throw new Error('the project file was not begun');
    await handlers['backups.commit']({ writeId: begun.writeId, manifest: { format: BACKUP_FORMAT, formatVersion: BACKUP_FORMAT_VERSION, schemaVersion: 1, appVersion: 'test', createdAt: '2026-12-02T10:00:00.000Z', reason: 'manual', tables: {}, datasets: [] }, keep: 5 });
    const umask = process.umask();
    expect(await octal(target)).toBe((0o666 & ~umask).toString(8));
  });
});
