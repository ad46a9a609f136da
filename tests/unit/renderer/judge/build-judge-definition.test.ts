import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { buildJudgeDefinition, chooseJudgeDialogues, loadJudgeCandidates, seededPick } from '../../../../renderer/src/features/judge/build-judge-definition';
import { checkJobDefinition } from '../../../../shared/jobs';
import { SID_RUBRIC_SET } from '../../../../shared/judge/default-rubrics';
import { judgeParameterProblems } from '../../../../shared/judge/job-result';
import { estimateJudgeJob } from '../../../../shared/judge/token-estimate';
import { dialogue, freshDb, parsedFile } from '../fixtures';

const OPTIONS = { title: 'Judge', connectionIds: ['c1', 'c2'], rubricSet: SID_RUBRIC_SET, language: 'zh' as const, reasoningFirst: true, useExpertExamples: false, topLogprobs: 5, samples: 3 };

async function twoModels(db: MaieuticDb) {
  const a = parsedFile('GPT-4o/a.jsonl', [1, 2, 3, 4].map((line) => dialogue(line, 2)));
  const b = parsedFile('Qwen/b.jsonl', [1, 2, 3].map((line) => dialogue(line, 3, { teacherModel: 'Qwen', scenario: '' })), { teacherModel: 'Qwen' });
  const result = await importParsedFiles(db, { kind: 'new', name: 'Pilot', codebookId: 'sid-default' }, [a, b]);
  return result.datasetId;
}

describe('judge job definition', () => {
  let db: MaieuticDb | undefined;
  afterEach(async () => {
    db?.close();
    await db?.delete();
    db = undefined;
  });

  it('draws the same N with the same seed, in the given order, and another set with another seed', () => {
    const items = Array.from({ length: 50 }, (_, i) => i);
    const first = seededPick(items, 7, 42);
    expect(first).toHaveLength(7);
    expect(seededPick(items, 7, 42)).toEqual(first);
    expect([...first].sort((x, y) => x - y)).toEqual(first);
    expect(seededPick(items, 7, 43)).not.toEqual(first);
    expect(seededPick(items, 80, 1)).toEqual(items);
  });

  it('carries each chosen dialogue with its turns and context (empty fields left out), and passes the engine checks', async () => {
    const opened = (db = freshDb());
    const datasetId = await twoModels(opened);
    const candidates = await loadJudgeCandidates(opened, datasetId);
    expect(candidates).toHaveLength(7);
    const definition = await buildJudgeDefinition(opened, datasetId, { models: null, sample: null }, OPTIONS);
    expect(definition).toMatchObject({ kind: 'judge', samples: 3, connectionIds: ['c1', 'c2'] });
    expect(definition.itemIds).toEqual(definition.parameters.dialogues.map((entry) => entry.id));
    expect(definition.parameters).toMatchObject({ language: 'zh', reasoningFirst: true, fewShot: [], topLogprobs: 5 });
    const qwen = definition.parameters.dialogues.find((entry) => candidates.find((c) => c.dialogue.id === entry.id)?.teacherModel === 'Qwen')!;
    expect(qwen.turns).toHaveLength(3);
    expect(qwen.context).toEqual({ topic: '校园生态美化', studentType: '知识掌握不足' });
    expect(checkJobDefinition(definition)).toEqual([]);
    expect(judgeParameterProblems(definition)).toEqual([]);
    // few-shot on: the runner takes the set's own anchors (no fewShot key); no logprobs: no topLogprobs key
    const withSet = await buildJudgeDefinition(opened, datasetId, { models: null, sample: null }, { ...OPTIONS, useExpertExamples: true, topLogprobs: 0 });
    expect('fewShot' in withSet.parameters).toBe(false);
    expect('topLogprobs' in withSet.parameters).toBe(false);
  });

  it('keeps to the chosen teacher models, then samples within them', async () => {
    const opened = (db = freshDb());
    const candidates = await loadJudgeCandidates(opened, await twoModels(opened));
    expect(chooseJudgeDialogues(candidates, { models: ['Qwen'], sample: null }).map((c) => c.teacherModel)).toEqual(['Qwen', 'Qwen', 'Qwen']);
    const sampled = chooseJudgeDialogues(candidates, { models: ['GPT-4o'], sample: { count: 2, seed: 9 } });
    expect(sampled).toHaveLength(2);
    expect(sampled.every((c) => c.teacherModel === 'GPT-4o')).toBe(true);
    expect(chooseJudgeDialogues(candidates, { models: ['GPT-4o'], sample: { count: 2, seed: 9 } })).toEqual(sampled);
  });

  it('estimates one call per dialogue and sample, the input growing with the samples', async () => {
    const opened = (db = freshDb());
    const candidates = await loadJudgeCandidates(opened, await twoModels(opened));
    const dialogues = candidates.map((c) => c.dialogue);
    const once = estimateJudgeJob({ rubricSet: SID_RUBRIC_SET, language: 'zh', reasoningFirst: false, dialogues });
    const thrice = estimateJudgeJob({ rubricSet: SID_RUBRIC_SET, language: 'zh', reasoningFirst: false, dialogues, samples: 3 });
    expect(once.calls).toBe(7);
    expect(thrice.calls).toBe(21);
    expect(thrice.input).toBe(once.input * 3);
    expect(once.output.low).toBeLessThan(once.output.high);
  });
});
