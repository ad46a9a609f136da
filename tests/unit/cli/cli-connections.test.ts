/**
 * The answer size limit of a named connection (issue 30 point 3): --max-answer-mb for every
 * connection, a --connections file's maxAnswerMB for one, checked as the app checks it.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readConnectionArgs, takeModels, type TakenModels } from '../../../electron/cli/commands/connection-args';
import { resolveNamedConnections } from '../../../electron/cli/commands/cli-connections';
import { makeTempDir, type TempDir } from '../../support/temp-dir';

describe('named connections: the answer size limit', () => {
  let dir: TempDir;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(() => dir.remove());

  const taken = takeModels(['--model', 'm']) as TakenModels;
  const args = (values: Record<string, string>) => {
    const read = readConnectionArgs(new Map(Object.entries({ '--base-url': 'http://127.0.0.1:9/v1', ...values })), taken);
    if ('message' in read) throw new Error(read.message);
    return read;
  };

  it('--max-answer-mb sets every connection the file does not set; the file sets its own', async () => {
    const file = join(dir.path, 'connections.json');
    await writeFile(file, JSON.stringify({ teacher: { maxAnswerMB: 32 } }));
    const resolved = await resolveNamedConnections(['teacher', 'student'], ['teacher', 'student'], 'scenario', { ...args({ '--max-answer-mb': '2' }), connectionsFile: file }, {});
    expect('connections' in resolved && [...resolved.connections.values()].map(({ connection }) => [connection.name, connection.maxAnswerMB])).toEqual([
      ['teacher', 32],
      ['student', 2],
    ]);
    const unset = await resolveNamedConnections(['teacher'], ['teacher'], 'scenario', args({}), {});
    expect('connections' in unset && unset.connections.get('teacher')?.connection.maxAnswerMB).toBeUndefined();
  });

  it('refuses a limit outside 0 < MB ≤ 1024, from the option or the file, naming it', async () => {
    for (const value of ['0', '1025', 'lots']) expect(readConnectionArgs(new Map([['--base-url', 'http://x/v1'], ['--max-answer-mb', value]]), taken)).toEqual({ message: `--max-answer-mb must be a number of MB above 0 and at most 1024 (8 unless given); got "${value}".` });
    const file = join(dir.path, 'connections.json');
    await writeFile(file, JSON.stringify({ teacher: { maxAnswerMB: '8' }, student: { maxAnswerMB: 0 } }));
    const resolved = await resolveNamedConnections(['teacher', 'student'], ['teacher', 'student'], 'scenario', { ...args({}), connectionsFile: file }, {});
    expect(resolved).toEqual({ problems: [`${file}: teacher.maxAnswerMB: a number of MB above 0 and at most 1024 (8 unless given)`, `${file}: student.maxAnswerMB: a number of MB above 0 and at most 1024 (8 unless given)`] });
  });
});
