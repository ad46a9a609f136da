/**
 * The main-side engine killed (SIGKILL) in the middle of a job against the scripted server, then
 * started again on the same data folder: the job resumes, every item is done exactly once in
 * the journal, and no item whose answer was stored (journal or cache) is requested again: only
 * the calls in flight at the kill may be.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readJournal } from '../../../../electron/services/jobs/job-journal';
import type { FinishedItem } from '../../../../electron/services/jobs/job-runner';
import { reply } from '../../../support/llm-server';
import { echoAnswer } from '../../../support/jobs/echo-job';
import { makeTempDir } from '../../../support/temp-dir';
import { startEngineChild, until, type EngineChild } from '../../../support/jobs/child-process';
import { useLlmServer } from '../../support/llm-server-harness';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const CHILD = join(ROOT, 'tests/support/jobs/job-child.ts');
const ITEMS = 60;

type Child = EngineChild<{ type: string; item?: { itemId: string }; status?: string }>;

const startChild = (baseURL: string, folder: string): Child => startEngineChild(CHILD, [baseURL, folder, String(ITEMS)]);

describe('a job whose process is killed', () => {
  const harness = useLlmServer();

  it('resumes in a new process with each item done once and no stored answer asked again', async () => {
    const server = harness.server;
    // every answer after 100 ms, so that several calls are in flight when the kill comes
    server.setDefaultHandler(({ body }) => {
      const prompt = String(body.messages.at(-1)?.content ?? '');
      return reply.delay(100, reply.answer(echoAnswer(prompt.replace('Say ok:', ''))));
    });
    const folder = await makeTempDir();
    try {
      const first = startChild(server.baseURL, folder.path);
      await until('ten items are done', () => first.events.filter((event) => event.type === 'item').length >= 10);
      first.process.kill('SIGKILL');
      await first.exited;
      const journalPath = join(folder.path, 'jobs', 'killed-job.jsonl');
      const afterKill = await readJournal<unknown, FinishedItem>(journalPath);
      const storedBeforeKill = new Set([...afterKill.results.values()].map((finished) => finished.item.itemId));
      expect(storedBeforeKill.size).toBeGreaterThanOrEqual(10);
      expect(storedBeforeKill.size).toBeLessThan(ITEMS);
      const requestsBeforeRestart = server.log.chatRequests().length;

      const second = startChild(server.baseURL, folder.path);
      await until('the job finishes', () => second.events.some((event) => event.type === 'finished'));
      expect(await second.exited).toBe(0);
      expect(second.events.find((event) => event.type === 'finished')?.status).toBe('succeeded');

      const final = await readJournal<unknown, FinishedItem>(journalPath);
      const finishedIds = [...final.results.values()].map((finished) => finished.item.itemId).sort();
      expect(finishedIds).toEqual(Array.from({ length: ITEMS }, (_, index) => `d${index + 1}`).sort());
      expect([...final.results.values()].every((finished) => finished.outcome.ok)).toBe(true);
      // the second process asked only for items the first had not stored
      const askedAgain = server.log
        .chatRequests()
        .slice(requestsBeforeRestart)
        .map((entry) => String((entry.body as { messages: { content: string }[] }).messages.at(-1)?.content).replace('Say ok:', ''));
      expect(askedAgain.filter((itemId) => storedBeforeKill.has(itemId))).toEqual([]);
      expect(new Set(askedAgain).size).toBe(askedAgain.length);
      // at most the calls in flight at the kill (three at once) were made twice in all
      const everyRequest = server.log.chatRequests().map((entry) => String((entry.body as { messages: { content: string }[] }).messages.at(-1)?.content));
      expect(everyRequest.length - new Set(everyRequest).size).toBeLessThanOrEqual(3);
    } finally {
      await folder.remove();
    }
  }, 90_000);
});
