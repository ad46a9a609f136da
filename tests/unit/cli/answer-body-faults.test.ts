/**
 * `annotate` and `judge` against endpoints whose bodies drip, never end, are too large, are cut
 * off midway or are an HTML error page (issue 30 point 3): --timeout runs to the body's last byte,
 * an answer over --max-answer-mb fails its call saying so, each failed dialogue or line is named
 * with its reason, the command exits 1 (never hangs), and the key is never printed.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reply, startLlmServer, type ChatScript, type LlmTestServer } from '../../support/llm-server';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import { runCaptured } from './run-captured';

const ONE_FILE = 'tests/fixtures/import/models/GPT-4o';
const KEY = 'sk-body-faults-cli-a1b2c3d4e5f60718293a4b5c';
const MB = 1024 * 1024;

describe('annotate and judge against faulty answer bodies', () => {
  let dir: TempDir;
  let server: LlmTestServer;
  beforeEach(async () => {
    dir = await makeTempDir();
    server = await startLlmServer();
    process.env.BODY_FAULTS_KEY = KEY;
  });
  afterEach(async () => {
    delete process.env.BODY_FAULTS_KEY;
    await server.close();
    await dir.remove();
  });

  const annotate = (out: string, ...extra: string[]) => runCaptured(['annotate', ONE_FILE, '--base-url', server.baseURL, '--model', 'test-model', '--out', out, '--api-key-env', 'BODY_FAULTS_KEY', ...extra]);
  const judge = (out: string, ...extra: string[]) => runCaptured(['judge', ONE_FILE, '--base-url', server.baseURL, '--model', 'test-model', '--out', out, '--api-key-env', 'BODY_FAULTS_KEY', ...extra]);

  const cases: { name: string; script: () => ChatScript; extra: string[]; says: RegExp }[] = [
    { name: 'a body that never ends', script: () => reply.endless(50), extra: ['--timeout', '1'], says: /No answer from 127\.0\.0\.1:\d+ in time/ },
    { name: 'a body that drips past the timeout', script: () => reply.drip(100, 'x'.repeat(400)), extra: ['--timeout', '1'], says: /in time/ },
    { name: 'a body over --max-answer-mb', script: () => reply.oversized(12 * MB, { declareLength: false }), extra: ['--max-answer-mb', '1'], says: /larger than the 1 MB limit/ },
    { name: 'a body over the default 8 MB, announced', script: () => reply.oversized(50 * MB), extra: [], says: /larger than the 8 MB limit \(it announced 50\.0 MB\)/ },
    { name: 'a body cut off midway', script: () => reply.drop('midBody'), extra: [], says: /dropped/ },
    { name: 'an HTML error page', script: () => reply.htmlPage(502, `<html><body>${'<p>Bad Gateway</p>'.repeat(20_000)}</body></html>`), extra: [], says: /endpoint had an error \(502/ },
    { name: 'a key echoed back in an error', script: () => reply.status(500, { message: `upstream refused key ${KEY}` }), extra: [], says: /\[key\]/ },
  ];

  for (const { name, script, extra, says } of cases) {
    it(`annotate: ${name} fails the dialogue with its reason, exit 1`, async () => {
      server.setDefaultHandler(script);
      const run = await annotate(join(dir.path, 'out'), '--concurrency', '1', ...extra);
      expect(run.code, run.stderr).toBe(1);
      const failed = run.stderr.split('\n').filter((line) => line.includes('not annotated:'));
      expect(failed.length).toBeGreaterThan(0);
      for (const line of failed) expect(line).toMatch(says);
      for (const line of failed) expect(line.length).toBeLessThan(600);
      expect(`${run.stdout}${run.stderr}`).not.toContain(KEY);
    }, 60_000);
  }

  for (const { name, script, extra, says } of cases.filter((entry) => ['a body that never ends', 'a body over --max-answer-mb', 'a body cut off midway'].includes(entry.name))) {
    it(`judge: ${name} writes a failed line with its reason, exit 1`, async () => {
      server.setDefaultHandler(script);
      const out = join(dir.path, 'results.jsonl');
      const run = await judge(out, '--concurrency', '1', ...extra);
      expect(run.code, run.stderr).toBe(1);
      const lines = (await readFile(out, 'utf8')).split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as { status: string; reason?: string });
      expect(lines.length).toBeGreaterThan(0);
      for (const line of lines) expect(line).toMatchObject({ status: 'failed', reason: expect.stringMatching(says) });
      expect(`${run.stdout}${run.stderr}`).not.toContain(KEY);
    }, 60_000);
  }

  it('--max-answer-mb takes a number of MB above 0 and at most 1024', async () => {
    for (const value of ['0', '-2', '1025', 'big', '']) {
      const run = await annotate(join(dir.path, 'never'), '--max-answer-mb', value);
      expect([value, run.code]).toEqual([value, 2]);
      expect(run.stderr).toMatch(/--max-answer-mb must be a number of MB above 0 and at most 1024/);
    }
    expect(server.log.chatRequests()).toHaveLength(0);
  });
});
