/**
 * The export dialog's choice for labels the expert marked unsure (issue 29, point 16a): the
 * stricter "leave empty" until the user chooses otherwise, the choice kept for later exports
 * (a new window reads it back), applied to both formats and recorded in the dataset card.
 */
import 'fake-indexeddb/auto';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveExportArgs } from '../../../../shared/ipc/contract';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { createExportStore } from '../../../../renderer/src/stores/export/store';
import { stubSaveExport } from '../save-export-stub';
import { AT, freshDbName, openDb, REVIEWER, seedDialogue } from '../review/fixtures';

const DIALOGUE = 'src1:1';
const flushed = async () => ({ flushed: true as const });
const opened: MaieuticDb[] = [];
let saved: SaveExportArgs[];

beforeEach(() => {
  saved = stubSaveExport();
});
afterEach(() => {
  vi.unstubAllGlobals();
  for (const db of opened.splice(0)) db.close();
});

/** One dialogue; turn 1 (teacher) verified, its intent marked unsure with the guess check_understanding, the rest accepted. */
async function setup(name = freshDbName()) {
  const db = openDb(name);
  opened.push(db);
  const { turns } = await seedDialogue(db, DIALOGUE);
  await db.sources.put({
    id: 'src1', datasetId: 'ds1', file: 'GPT-4o/a.jsonl', format: 'sid-jsonl', contentHash: 'h',
    teacherModel: 'GPT-4o', importedAt: '2026-01-01T00:00:00.000Z', dialogues: 1, turns: 4, warnings: 0,
  });
  const teacher = turns[1];
  await db.turnReviews.put({ id: teacher.id, dialogueId: DIALOGUE, verified: true, reviewer: REVIEWER, at: AT });
  await db.fieldReviews.bulkPut(
    ['speaker', 'utterance', 'teacher_intent', 'teaching_strategy', 'discipline', 'discipline_transfer', 'teacher_guidance_level', 'cognitive_level'].map((fieldId) => ({
      id: `${teacher.id}|${fieldId}`, turnId: teacher.id, dialogueId: DIALOGUE, fieldId,
      decision: fieldId === 'teacher_intent' ? ('unsure' as const) : ('accepted' as const),
      codes: fieldId === 'teacher_intent' ? ['check_understanding'] : [...(teacher.pre[fieldId]?.codes ?? [])],
      text: fieldId === 'utterance' ? teacher.utterance : null, reviewer: REVIEWER, at: AT,
    })),
  );
  return { db, name, exporter: createExportStore(() => db, flushed) };
}

type Card = { export: { unsureValues: string }; counts: { labels: { unsure: number } } };
const card = (file: SaveExportArgs) => JSON.parse(file.companions![1].content) as Card;
const sidIntent = (file: SaveExportArgs) => (JSON.parse(file.content) as { annotations: Record<string, string>[] }).annotations[1].teacher_intent;
const csvIntent = (file: SaveExportArgs) => Papa.parse<Record<string, string>>(file.content, { header: true }).data.find((row) => row.turn === '1' && row.field === 'teacher_intent');

describe('unsure labels in the export dialog', () => {
  it('are left empty by default, in SID JSONL and the long CSV, and the card says so', async () => {
    const { exporter } = await setup();
    await exporter.getState().loadCounts('ds1');
    expect(exporter.getState().unsureValues).toBe('empty');
    await exporter.getState().exportDataset('ds1');
    exporter.getState().setFormat('long-csv');
    await exporter.getState().exportDataset('ds1');
    expect(saved).toHaveLength(2);
    expect(sidIntent(saved[0])).toBe('');
    expect(csvIntent(saved[1])).toMatchObject({ status: 'unsure', expert_value: '' });
    for (const file of saved) expect(card(file)).toMatchObject({ export: { unsureValues: 'empty' }, counts: { labels: { unsure: 1 } } });
    expect(card(saved[0]).export.unsureValues).toBe('empty');
    expect(exporter.getState().saved).toMatchObject({ unsureValues: 'empty', labels: { unsure: 1 } });
  });

  it("write the expert's guess once it is chosen, and the choice is there again in the next window", async () => {
    const { exporter, db } = await setup();
    await exporter.getState().loadCounts('ds1');
    await exporter.getState().setUnsureValues('guess');
    await exporter.getState().exportDataset('ds1');
    expect(sidIntent(saved[0])).toBe('检测理解');
    expect(card(saved[0]).export.unsureValues).toBe('guess');

    const later = createExportStore(() => db, flushed);
    expect(later.getState().unsureValues).toBe('empty');
    await later.getState().loadCounts('ds1');
    expect(later.getState().unsureValues).toBe('guess');
    later.getState().setFormat('long-csv');
    await later.getState().exportDataset('ds1');
    expect(csvIntent(saved[1])).toMatchObject({ status: 'unsure', expert_value: 'check_understanding' });
  });

  it('a choice made while the counts are read is not undone by the stored one read before it', async () => {
    const { exporter, db } = await setup();
    // the stored choice is read (still the default), then held until the user has chosen
    const read = db.settings.get.bind(db.settings);
    let reached = () => undefined as void;
    let release = () => undefined as void;
    const readDone = new Promise<void>((resolve) => (reached = resolve));
    const held = new Promise<void>((resolve) => (release = resolve));
    db.settings.get = (async (key: string) => {
      const row = await read(key);
      reached();
      await held;
      return row;
    }) as typeof db.settings.get;
    const loading = exporter.getState().loadCounts('ds1');
    await readDone;
    await exporter.getState().setUnsureValues('guess');
    release();
    await loading;
    expect(exporter.getState().unsureValues).toBe('guess');
  });

  it('a stored value that is no choice reads as the stricter default', async () => {
    const { exporter, db } = await setup();
    await db.settings.put({ key: 'export.unsureValues', value: 'everything' });
    await exporter.getState().loadCounts('ds1');
    expect(exporter.getState().unsureValues).toBe('empty');
  });
});
