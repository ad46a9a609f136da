import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { buildPreAnnotationDefinition, type JobScope } from '../../../../renderer/src/features/jobs/build-definition';
import type { LlmConnection } from '../../../../shared/llm/connection';
import { DEFAULT_PRE_ANNOTATION_TEMPLATE } from '../../../../shared/llm/prompt-template';
import { seededSample } from '../../../../shared/metrics/random';
import { buildPreAnnotationMessages } from '../../../../shared/llm/messages';
import { getDataset } from '../../../../renderer/src/db/repositories/datasets';
import { ADDED_CODE, ADDED_NAME, useEditedVersion } from '../codebook/edited-version';
import { dialogue, freshDb, parsedFile } from '../fixtures';

const CONNECTION = { id: 'c1', name: 'Local', model: 'm' } as LlmConnection;

describe('which dialogues a pre-annotation job asks about', () => {
  let db: MaieuticDb;
  let datasetId: string;
  /** dialogue ids in source order: a.jsonl lines 1-3, then b.jsonl lines 1-3 */
  let ids: string[];

  beforeEach(async () => {
    db = freshDb();
    const imported = await importParsedFiles(db, { kind: 'new', name: 'Pilot', codebookId: 'sid-default' }, [
      parsedFile('a.jsonl', [dialogue(1, 2), dialogue(2, 3), dialogue(3, 2)]),
      parsedFile('b.jsonl', [dialogue(1, 4), dialogue(2, 2), dialogue(3, 3)]),
    ]);
    datasetId = imported.datasetId;
    const [a, b] = imported.sourceIds;
    ids = [`${a}:1`, `${a}:2`, `${a}:3`, `${b}:1`, `${b}:2`, `${b}:3`];
  });

  afterEach(async () => {
    db.close();
    await db.delete();
  });

  async function itemIds(scope: JobScope): Promise<string[]> {
    const built = await buildPreAnnotationDefinition(db, { datasetId, codebook: { codebookId: 'sid-default' }, connections: [CONNECTION], scope, layerName: 'L', title: 't', template: DEFAULT_PRE_ANNOTATION_TEMPLATE });
    if ('problem' in built) throw new Error(built.problem);
    expect(built.definition.parameters.dialogues.map((asked) => asked.id)).toEqual(built.definition.itemIds);
    return [...built.definition.itemIds];
  }

  it('asks every dialogue in source order for the whole data set', async () => {
    expect(await itemIds({ kind: 'all' })).toEqual(ids);
  });

  it("asks only the rows of the table's filter, in source order whatever the table's sort", async () => {
    // the table shows these rows sorted by some column, in this order
    const shown = [ids[5], ids[1], ids[3]];
    expect(await itemIds({ kind: 'all', within: shown })).toEqual([ids[1], ids[3], ids[5]]);
  });

  it('draws a seeded sample from the filtered rows only, the same items for the same seed', async () => {
    const shown = [ids[4], ids[0], ids[2], ids[5]];
    const first = await itemIds({ kind: 'sample', fraction: 0.5, seed: 11, within: shown });
    expect(first).toHaveLength(2);
    for (const id of first) expect(shown).toContain(id);
    expect(first).toEqual(seededSample([ids[0], ids[2], ids[4], ids[5]], 0.5, 11));
    expect(await itemIds({ kind: 'sample', fraction: 0.5, seed: 11, within: [...shown].reverse() })).toEqual(first);
  });

  it('asks nothing when the filter shows no row', async () => {
    expect(await itemIds({ kind: 'all', within: [] })).toEqual([]);
  });

  it("asks with the data set's recorded codebook version: its prompt lists the version's labels", async () => {
    await useEditedVersion(db, datasetId);
    const dataset = (await getDataset(db, datasetId))!;
    const built = await buildPreAnnotationDefinition(db, { datasetId, codebook: dataset, connections: [CONNECTION], scope: { kind: 'all' }, layerName: 'L', title: 't', template: DEFAULT_PRE_ANNOTATION_TEMPLATE });
    if ('problem' in built) throw new Error(built.problem);
    const { codebook, dialogues } = built.definition.parameters;
    expect(codebook.fields.find((field) => field.id === 'teacher_intent')!.labels.map((label) => label.code)).toContain(ADDED_CODE);
    const prompt = buildPreAnnotationMessages({ codebook, template: DEFAULT_PRE_ANNOTATION_TEMPLATE, turns: dialogues[0].turns });
    expect(JSON.stringify(prompt)).toContain(ADDED_CODE);
    expect(JSON.stringify(prompt)).toContain(ADDED_NAME.en);
  });
});
