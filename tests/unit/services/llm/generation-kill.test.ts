/**
 * A generation job's process killed (SIGKILL, nothing flushed) mid-dialogue, then started again
 * on the same data folder: the conversation resumes from the turns the cache kept, and no
 * request answered before the kill is sent again but the one on the wire at the kill.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { GenerationJobPayload } from '../../../../shared/scenario';
import { scenarioPlayer } from '../../../support/llm-server';
import { REPO_ROOT } from '../../../support/repo-paths';
import { makeTempDir } from '../../../support/temp-dir';
import { startEngineChild, until, type EngineChild } from '../../../support/jobs/child-process';
import { useLlmServer } from '../../support/llm-server-harness';

const CHILD = join(REPO_ROOT, 'tests/support/jobs/generation-child.ts');
const KEY = 'sk-kill-7f6e5d4c3b2a1908f7e6d5c4b3a2';
const TURNS = 10;

type Child = EngineChild<{ type: string; status?: string; outcome?: { ok: boolean; payload?: GenerationJobPayload } }>;

const startChild = (baseURL: string, folder: string): Child => startEngineChild(CHILD, [baseURL, folder, KEY]);

describe('a generation job whose process is killed mid-dialogue', () => {
  const harness = useLlmServer({ apiKey: KEY, models: ['teacher-model', 'student-model'] });

  it('resumes in a new process from the cached turns, asking no finished turn again', async () => {
    const server = harness.server;
    server.setDefaultHandler(scenarioPlayer({ teacherTurns: TURNS / 2, delayMs: 40 }));
    const folder = await makeTempDir();
    try {
      const first = startChild(server.baseURL, folder.path);
      await until('four turns are answered', () => server.log.chatRequests().filter((entry) => entry.outcome === 'answered').length >= 4);
      first.process.kill('SIGKILL');
      await first.exited;
      expect(first.events.filter((event) => event.type === 'item')).toHaveLength(0);
      await server.log.waitUntil(() => server.log.inFlight === 0, 'the killed call is settled');
      const before = server.log.chatRequests().slice();

      const second = startChild(server.baseURL, folder.path);
      await until('the job finishes', () => second.events.some((event) => event.type === 'finished'));
      expect(await second.exited).toBe(0);
      expect(second.events.find((event) => event.type === 'finished')?.status).toBe('succeeded');
      const item = second.events.find((event) => event.type === 'item');
      const payload = item?.outcome?.payload;
      if (payload?.status !== 'complete') throw new Error('the conversation did not complete');
      expect(payload.turns.map((turn) => turn.role)).toEqual(Array.from({ length: TURNS }, (_, index) => (index % 2 === 0 ? 'student' : 'teacher')));
      // the turns answered before the kill came from the cache; only the one on the wire may be asked again
      expect(payload.turns.slice(0, before.length - 1).every((turn) => turn.cached)).toBe(true);
      const finished = new Set(before.slice(0, -1).map((entry) => entry.rawBody));
      const after = server.log.chatRequests().slice(before.length);
      expect(after.filter((entry) => finished.has(entry.rawBody))).toEqual([]);
      expect(after.length).toBeGreaterThanOrEqual(TURNS - before.length);
      expect(new Set(after.map((entry) => entry.rawBody)).size).toBe(after.length);
    } finally {
      await folder.remove();
    }
  }, 90_000);
});
