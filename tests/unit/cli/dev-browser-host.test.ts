/**
 * The browser hosts' own pieces (scripts/dev-browser/*): the command line, where the data folder
 * is by default (never the temp folder), the port a profile keeps (issue 29, point 2), one host
 * per data folder, and the one-line refusal naming who holds a taken port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultDataDir, hostDataDir, legacyDataNote, prepareDataDir } from '../../../scripts/dev-browser/data-dir';
import { acquireHostLock, LOCK_FILE } from '../../../scripts/dev-browser/host-lock';
import { parseOptions } from '../../../scripts/dev-browser/options';
import { findPortHolder, portTakenMessage } from '../../../scripts/dev-browser/port-holder';
import { choosePort, portChangeNote, readPortRecord, recordPort } from '../../../scripts/dev-browser/port-record';
import { makeTempDir, type TempDir } from '../../support/temp-dir';

const octal = async (path: string) => ((await stat(path)).mode & 0o777).toString(8);

describe('dev:browser command line', () => {
  it('reads --serve, --port (both spellings, or MAIEUTIC_PORT), --headless (or MAIEUTIC_HEADLESS=1) and --remote-debugging-port', () => {
    expect(parseOptions([], {})).toEqual({ serve: false, headless: false, port: undefined, remoteDebuggingPort: undefined });
    expect(parseOptions(['--serve', '--port', '5000'], {})).toMatchObject({ serve: true, port: 5000 });
    expect(parseOptions(['--port=5001'], { MAIEUTIC_PORT: '7' })).toMatchObject({ port: 5001 });
    expect(parseOptions([], { MAIEUTIC_PORT: '5002' })).toMatchObject({ port: 5002 });
    expect(parseOptions(['--headless', '--remote-debugging-port', '0'], {})).toMatchObject({ headless: true, remoteDebuggingPort: 0 });
    expect(parseOptions([], { MAIEUTIC_HEADLESS: '1' })).toMatchObject({ headless: true });
  });

  it('refuses a port that is not one, and an unknown argument, saying what it takes', () => {
    expect(() => parseOptions(['--port', '0'], {})).toThrow('--port needs a port number from 1 to 65535 (got "0").');
    expect(() => parseOptions(['--port'], {})).toThrow('--port needs a port number from 1 to 65535 (got nothing).');
    expect(() => parseOptions(['--port', '65536'], {})).toThrow(/from 1 to 65535/);
    expect(() => parseOptions([], { MAIEUTIC_PORT: 'http' })).toThrow('MAIEUTIC_PORT needs a port number from 1 to 65535 (got "http").');
    expect(() => parseOptions(['--remote-debugging-port', '-1'], {})).toThrow(/from 0 to 65535/);
    expect(() => parseOptions(['--serve=yes'], {})).toThrow(/Unknown argument "--serve=yes"; dev:browser takes --serve, --port N, --headless and --remote-debugging-port N\./);
  });
});

describe('the data folder of the browser hosts', () => {
  it('is MAIEUTIC_USER_DATA_DIR, or the platform\'s per-user folder; never under the temp folder', () => {
    expect(defaultDataDir({}, 'linux', '/home/ada')).toBe('/home/ada/.local/share/maieutic');
    expect(defaultDataDir({ XDG_DATA_HOME: '/data/ada' }, 'linux', '/home/ada')).toBe('/data/ada/maieutic');
    // a relative XDG_DATA_HOME is invalid by the spec, and ignored
    expect(defaultDataDir({ XDG_DATA_HOME: 'tmp' }, 'linux', '/home/ada')).toBe('/home/ada/.local/share/maieutic');
    expect(defaultDataDir({}, 'darwin', '/Users/ada')).toBe('/Users/ada/Library/Application Support/Maieutic Browser');
    expect(defaultDataDir({ LOCALAPPDATA: 'C:\\Users\\ada\\AppData\\Local' }, 'win32', 'C:\\Users\\ada')).toContain('Maieutic Browser');
    expect(hostDataDir({ MAIEUTIC_USER_DATA_DIR: 'rel/data' }, 'linux', '/home/ada')).toBe(resolve('rel/data'));
    expect(hostDataDir({ MAIEUTIC_USER_DATA_DIR: '' }, 'linux', '/home/ada')).toBe('/home/ada/.local/share/maieutic');
  });

  describe.skipIf(process.platform === 'win32')('on disk', () => {
    let temp: TempDir;
    beforeEach(async () => {
      temp = await makeTempDir();
    });
    afterEach(() => temp.remove());

    it('is created 0700 with its missing parents; one already open to others is left as it is, and said so in one line', async () => {
      const fresh = join(temp.path, 'a', 'b', 'data');
      expect(await prepareDataDir(fresh)).toBeNull();
      expect(await octal(fresh)).toBe('700');
      expect(await octal(join(temp.path, 'a'))).toBe('700');
      const open = join(temp.path, 'open');
      await mkdir(open);
      await chmod(open, 0o755);
      const note = await prepareDataDir(open);
      expect(note).toBe(`Note: other users of this machine may open ${open} (mode 755); \`chmod 700\` it to keep the app's data to yourself.`);
      expect(await octal(open)).toBe('755');
    });

    it('a link to a private folder is used as that folder (its own mode is no concern)', async () => {
      const real = join(temp.path, 'real');
      await mkdir(real, { mode: 0o700 });
      await symlink(real, join(temp.path, 'link'));
      expect(await prepareDataDir(join(temp.path, 'link'))).toBeNull();
    });

    it('says where an older version left this user\'s data in the temp folder, and reads nothing from there', async () => {
      expect(await legacyDataNote(temp.path, '/home/ada/.local/share/maieutic')).toBeNull();
      await mkdir(join(temp.path, 'maieutic-dev-browser', 'backups'), { recursive: true });
      expect(await legacyDataNote(temp.path, '/home/ada/.local/share/maieutic')).toBe(`Note: an older version kept its data in ${join(temp.path, 'maieutic-dev-browser')} (backups in ${join(temp.path, 'maieutic-dev-browser', 'backups')}); it is no longer used and goes at the next reboot. The data folder is now /home/ada/.local/share/maieutic: copy what you need there.`);
    });

    it('a file where the folder should be is refused, naming it', async () => {
      const file = join(temp.path, 'data');
      await writeFile(file, '');
      await expect(prepareDataDir(file)).rejects.toThrow(`${file} is not a folder; set MAIEUTIC_USER_DATA_DIR to a folder for the app's data.`);
      await expect(prepareDataDir(join(file, 'inside'))).rejects.toThrow(`${join(file, 'inside')} is not a folder`);
    });
  });
});

describe('the port a profile keeps its data at', () => {
  let temp: TempDir;
  beforeEach(async () => {
    temp = await makeTempDir();
  });
  afterEach(() => temp.remove());

  it('a new profile takes the default; once recorded, that port is used at every start; --port changes it, saying where the old data stays', async () => {
    const file = join(temp.path, 'profile', 'maieutic-port.json');
    expect(await choosePort(file, undefined, 41731)).toEqual({ port: 41731, source: 'default', previous: null });
    await recordPort(file, 45000);
    expect(await readPortRecord(file)).toBe(45000);
    if (process.platform !== 'win32') expect(await octal(file)).toBe('600');
    expect(await choosePort(file, undefined, 41731)).toEqual({ port: 45000, source: 'recorded', previous: null });
    expect(await choosePort(file, 45000, 41731)).toEqual({ port: 45000, source: 'asked', previous: null });
    const moved = await choosePort(file, 46000, 41731);
    expect(moved).toEqual({ port: 46000, source: 'asked', previous: 45000 });
    expect(portChangeNote(moved)).toBe('Note: this profile kept its data at port 45000; it now uses port 46000, where the browser keeps other data (start with --port 45000 to see what was stored there).');
    expect(portChangeNote(await choosePort(file, undefined, 41731))).toBeNull();
  });

  it('a damaged record is an error naming the file and how to write it again, not a silent move to the default port', async () => {
    const file = join(temp.path, 'maieutic-port.json');
    for (const text of ['', '{"port": "41731"}', '{"port": 0}', '[41731]', '{"port": 41731.5}', '\u0000\u0001']) {
      await writeFile(file, text);
      await expect(choosePort(file, undefined, 41731), text).rejects.toThrow(`${file}:1: not a port record (expected {"port": <1-65535>}); start with --port N to write it again, choosing the port the data is at.`);
    }
    // asking for a port writes a good record over it
    await expect(choosePort(file, 41731, 41731)).rejects.toThrow(/not a port record/);
    await recordPort(file, 41731);
    expect(await readPortRecord(file)).toBe(41731);
  });
});

/** A process whose command line says dev-browser, as a running host's does. */
function fakeHost(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', 'scripts/dev-browser.ts'], { stdio: 'ignore' });
  return new Promise((resolveSpawned) => child.once('spawn', () => resolveSpawned(child)));
}

describe('one host per data folder', () => {
  let temp: TempDir;
  let children: ChildProcess[];
  beforeEach(async () => {
    temp = await makeTempDir();
    children = [];
  });
  afterEach(async () => {
    for (const child of children) child.kill('SIGKILL');
    await temp.remove();
  });

  it('takes the lock (0600), refuses a second host while the first runs, naming it, and takes over a lock whose process is gone', async () => {
    const lock = await acquireHostLock(temp.path, 'dev:serve');
    const path = join(temp.path, LOCK_FILE);
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ pid: process.pid, mode: 'dev:serve' });
    if (process.platform !== 'win32') expect(await octal(path)).toBe('600');
    lock.release();
    lock.release();

    const other = await fakeHost();
    children.push(other);
    await writeFile(path, JSON.stringify({ pid: other.pid, mode: 'dev:browser', startedAt: '2026-12-04T10:00:00.000Z' }));
    await expect(acquireHostLock(temp.path, 'dev:serve')).rejects.toThrow(`Another Maieutic (dev:browser, pid ${other.pid}, since 2026-12-04T10:00:00.000Z) uses the data folder ${temp.path}; stop it first, or give this one another folder with MAIEUTIC_USER_DATA_DIR. (If no such process runs, delete ${path}.)`);

    const gone = new Promise((resolveGone) => other.once('exit', resolveGone));
    other.kill('SIGKILL');
    await gone;
    const taken = await acquireHostLock(temp.path, 'dev:serve');
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ pid: process.pid });
    taken.release();
  });

  it('a lock file left half written, or naming a process that is no host (its pid reused), is taken over', async () => {
    const path = join(temp.path, LOCK_FILE);
    for (const text of ['', '{"pid":', JSON.stringify({ pid: -4 }), JSON.stringify({ pid: process.pid, mode: 'dev:serve' })]) {
      await writeFile(path, text);
      const lock = await acquireHostLock(temp.path, 'dev:browser');
      expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ pid: process.pid, mode: 'dev:browser' });
      lock.release();
    }
  });
});

describe.skipIf(process.platform !== 'linux')('who holds a port', () => {
  it('names this user\'s process listening on it, its command line without control characters, in one line', async () => {
    const child = spawn(process.execPath, ['-e', "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => console.log(s.address().port)); setInterval(() => {}, 1000)", '\u001b]0;pwned\u0007\u202e'], { stdio: ['ignore', 'pipe', 'ignore'] });
    try {
      const port = await new Promise<number>((resolvePort) => child.stdout!.once('data', (chunk: Buffer) => resolvePort(Number(chunk.toString().trim()))));
      const holder = await findPortHolder(port);
      expect(holder?.pid).toBe(child.pid);
      expect(holder?.command).toContain(process.execPath);
      // eslint-disable-next-line no-control-regex
      expect(holder?.command).not.toMatch(/[\u0000-\u001f\u007f\u202e]/);
      const message = portTakenMessage(port, holder, 'This profile');
      expect(message).not.toContain('\n');
      expect(message).toContain(`Port ${port} is in use by ${holder!.command} (pid ${child.pid}). This profile keeps the app's data at http://127.0.0.1:${port}`);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('says "another program" when it cannot tell, and nothing when nobody listens', async () => {
    const probe = createServer();
    await new Promise<void>((resolveListening) => probe.listen(0, '127.0.0.1', resolveListening));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolveClosed) => probe.close(() => resolveClosed()));
    expect(await findPortHolder(port)).toBeNull();
    expect(portTakenMessage(port, null, 'This data folder')).toMatch(new RegExp(`^Port ${port} is in use by another program\\. This data folder keeps`));
    expect(await findPortHolder(port, 'darwin')).toBeNull();
  });
});
