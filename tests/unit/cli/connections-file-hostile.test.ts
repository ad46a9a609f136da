/**
 * The connections of the CLI as an input surface (issue 30: every file a command takes): a
 * --connections file given a key twice, nested past the import's 64 levels, or not JSON is refused
 * at its line without quoting the file; a base URL, from the file or --base-url, is held to the
 * rule the app's connection form applies (http or https, no user name or password in it).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveNamedConnections } from '../../../electron/cli/commands/cli-connections';
import { readConnectionArgs, takeModels, type TakenModels } from '../../../electron/cli/commands/connection-args';
import { makeTempDir, type TempDir } from '../../support/temp-dir';

describe('named connections: hostile --connections files and base URLs', () => {
  let dir: TempDir;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(() => dir.remove());

  const taken = takeModels(['--model', 'm']) as TakenModels;
  const args = (values: Record<string, string>) => readConnectionArgs(new Map(Object.entries(values)), taken);
  const resolveFile = async (text: string) => {
    const file = join(dir.path, 'connections.json');
    await writeFile(file, text);
    const read = args({ '--connections': file });
    if ('message' in read) throw new Error(read.message);
    return { file, resolved: await resolveNamedConnections(['teacher'], ['teacher'], 'scenario', read, {}) };
  };

  it('refuses a connection given twice, at the line of the second, instead of keeping the last', async () => {
    const { file, resolved } = await resolveFile('{\n  "teacher": { "baseURL": "http://127.0.0.1:9/v1", "model": "a" },\n  "teacher": { "model": "b" }\n}\n');
    expect(resolved).toEqual({ problems: [expect.stringContaining(`${file}:3: `)] });
    expect('problems' in resolved && resolved.problems[0]).toContain('"teacher" is given twice');
  });

  it('refuses a file nested past 64 levels with the import rule, naming the line', async () => {
    const { file, resolved } = await resolveFile(`{"teacher":\n${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`);
    expect('problems' in resolved && resolved.problems).toEqual([expect.stringMatching(new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2: .*nested more than 64 levels`))]);
  });

  it('places a JSON syntax error at its line and quotes nothing of the file', async () => {
    const { file, resolved } = await resolveFile('{\n  "teacher": SECRET-VALUE-IN-THE-FILE\n}\n');
    expect('problems' in resolved && resolved.problems).toEqual([expect.stringContaining(`${file}:2: not valid JSON`)]);
    expect(JSON.stringify(resolved)).not.toContain('SECRET-VALUE');
  });

  it("holds a base URL to the app's rule, from the file or from --base-url", async () => {
    const { file, resolved } = await resolveFile(JSON.stringify({ teacher: { baseURL: 'file:///etc/passwd', model: 'm' } }));
    expect(resolved).toEqual({ problems: [`${file}: teacher.baseURL: the base URL must start with http:// or https://`] });
    const withPassword = await resolveFile(JSON.stringify({ teacher: { baseURL: 'http://me:pw@127.0.0.1:9/v1', model: 'm' } }));
    expect('problems' in withPassword.resolved && withPassword.resolved.problems[0]).toContain('teacher.baseURL: the base URL must not hold a user name or password');
    expect(JSON.stringify(withPassword.resolved)).not.toContain('me:pw');
    expect(args({ '--base-url': 'file:///etc/passwd' })).toEqual({ message: '--base-url: the base URL must start with http:// or https://' });
    expect(args({ '--base-url': 'http://me:pw@127.0.0.1:9/v1' })).toEqual({ message: expect.stringContaining('--base-url: the base URL must not hold a user name or password') });
    expect(args({ '--base-url': 'http://127.0.0.1:9/v1' })).not.toHaveProperty('message');
  });
});
