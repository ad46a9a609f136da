/**
 * The export view's store: it starts on verified content (never "everything"), counts verified
 * turns as well as dialogues, and writes no file holding unreviewed labels until the user has
 * confirmed, by their count, that they go out marked as unreviewed. The review rows are written
 * directly: a verified turn may hold no field review at all.
 */
import 'fake-indexeddb/auto';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SaveExportArgs } from '../../../../shared/ipc/contract';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { createExportStore } from '../../../../renderer/src/stores/export/store';
import { stubSaveExport } from '../save-export-stub';
import { AT, freshDbName, openDb, REVIEWER, seedDialogue } from '../review/fixtures';

const FIRST = 'src1:1';
const SECOND = 'src1:2';
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

/** Two dialogues of four turns; labels with a pre-annotation per turn: 4, 6, 4, 6. */
async function setup() {
  const db = openDb(freshDbName());
  opened.push(db);
  const { turns } = await seedDialogue(db, FIRST);
  await seedDialogue(db, SECOND);
  await db.sources.put({
    id: 'src1', datasetId: 'ds1', file: 'GPT-4o/a.jsonl', format: 'sid-jsonl', contentHash: 'h',
    teacherModel: 'GPT-4o', importedAt: '2026-01-01T00:00:00.000Z', dialogues: 2, turns: 8, warnings: 0,
  });
  const verifyTurn = (index: number) => db.turnReviews.put({ id: turns[index].id, dialogueId: FIRST, verified: true, reviewer: REVIEWER, at: AT });
  const accept = (index: number, fieldIds: string[]) =>
    db.fieldReviews.bulkPut(
      fieldIds.map((fieldId) => ({
        id: `${turns[index].id}|${fieldId}`, turnId: turns[index].id, dialogueId: FIRST, fieldId, decision: 'accepted' as const,
        codes: [...(turns[index].pre[fieldId]?.codes ?? [])], text: null, reviewer: REVIEWER, at: AT,
      })),
    );
  const exporter = createExportStore(() => db, flushed);
  return { db, turns, verifyTurn, accept, exporter };
}

const STUDENT_LABELS = ['discipline', 'discipline_transfer', 'student_cognition_state', 'cognitive_level'];
const TEACHER_LABELS = ['teacher_intent', 'teaching_strategy', 'discipline', 'discipline_transfer', 'teacher_guidance_level', 'cognitive_level'];

describe('export scope', () => {
  it('counts two verified turns of one dialogue and starts on them, not on everything', async () => {
    const { verifyTurn, exporter } = await setup();
    await verifyTurn(0);
    await verifyTurn(1);
    await exporter.getState().loadCounts('ds1');
    expect(exporter.getState().counts).toEqual({
      verified: { dialogues: 0, turns: 0 },
      'verified-turns': { dialogues: 1, turns: 2 },
      all: { dialogues: 2, turns: 8 },
    });
    expect(exporter.getState().scope).toBe('verified-turns');
  });

  it('starts on verified dialogues when there are any, and keeps the scope the user chose', async () => {
    const { db, exporter } = await setup();
    await exporter.getState().loadCounts('ds1');
    expect(exporter.getState().scope).toBe('verified');
    await db.dialogueReviews.put({ id: SECOND, status: 'verified', reviewer: REVIEWER, at: AT });
    await exporter.getState().loadCounts('ds1');
    expect(exporter.getState()).toMatchObject({ scope: 'verified', counts: { verified: { dialogues: 1, turns: 4 } } });
    exporter.getState().setScope('all');
    await exporter.getState().loadCounts('ds1');
    expect(exporter.getState().scope).toBe('all');
  });
});

describe('unreviewed labels', () => {
  it('are not written until the user confirms them by count; then they are marked unreviewed', async () => {
    const { verifyTurn, accept, exporter } = await setup();
    await verifyTurn(0);
    await verifyTurn(1); // verified without reviewing a single value
    await accept(0, STUDENT_LABELS);
    await exporter.getState().loadCounts('ds1');

    await exporter.getState().exportDataset('ds1');
    expect(exporter.getState()).toMatchObject({ status: 'confirming', pending: { dialogues: 1, turns: 2, verifiedTurns: 2, labels: { accepted: 4, unreviewed: 6 } } });
    expect(saved).toEqual([]);

    exporter.getState().cancelExport();
    await exporter.getState().confirmExport();
    expect(exporter.getState()).toMatchObject({ status: 'idle', pending: null });
    expect(saved).toEqual([]);

    await exporter.getState().exportDataset('ds1');
    await exporter.getState().confirmExport();
    expect(exporter.getState()).toMatchObject({ status: 'saved', saved: { dialogues: 1, turns: 2, labels: { accepted: 4, unreviewed: 6 } } });
    expect(saved).toHaveLength(1);
    expect(saved[0].defaultName).toMatch(/^Test-verified-turns-\d{8}\.jsonl$/);
    const record = JSON.parse(saved[0].content) as { maieutic: { turns: { verified: boolean; inScope: boolean; values: Record<string, string> }[] } };
    const [turn0, turn1, turn2] = record.maieutic.turns;
    expect(turn0).toMatchObject({ verified: true, inScope: true, values: { discipline: 'accepted', cognitive_level: 'accepted' } });
    expect(turn1.verified).toBe(true);
    expect(TEACHER_LABELS.map((fieldId) => turn1.values[fieldId])).toEqual(TEACHER_LABELS.map(() => 'unreviewed'));
    expect(turn2).toMatchObject({ verified: false, inScope: false });
  });

  it('everything: the count names every unreviewed label of the data set', async () => {
    const { verifyTurn, accept, exporter } = await setup();
    await verifyTurn(0);
    await accept(0, STUDENT_LABELS);
    exporter.getState().setScope('all');
    exporter.getState().setFormat('long-csv');
    await exporter.getState().exportDataset('ds1');
    expect(exporter.getState().pending?.labels).toEqual({ accepted: 4, changed: 0, unsure: 0, unreviewed: 40 - 4 });
    await exporter.getState().confirmExport();
    const rows = Papa.parse<string[]>(saved[0].content.trimEnd(), {}).data.slice(1);
    expect(rows.filter((row) => row[5] === 'unreviewed')).toHaveLength(8 * 2 + 36); // transcript rows too
  });

  it('a file whose labels were all reviewed is written without asking', async () => {
    const { verifyTurn, accept, exporter } = await setup();
    await verifyTurn(0);
    await verifyTurn(1);
    await accept(0, STUDENT_LABELS);
    await accept(1, TEACHER_LABELS);
    await exporter.getState().loadCounts('ds1');
    await exporter.getState().exportDataset('ds1');
    expect(exporter.getState()).toMatchObject({ status: 'saved', pending: null, saved: { labels: { accepted: 10, unreviewed: 0 } } });
    expect(saved).toHaveLength(1);
  });
});

describe('dataset card', () => {
  it('goes with every export in the same save: Markdown and JSON with the figures of the file', async () => {
    const { verifyTurn, accept, exporter } = await setup();
    await verifyTurn(0);
    await accept(0, STUDENT_LABELS);
    exporter.getState().setScope('verified-turns');
    exporter.getState().setFormat('long-csv');
    await exporter.getState().exportDataset('ds1');
    expect(saved).toHaveLength(1);
    expect(saved[0].companions?.map((companion) => companion.suffix)).toEqual(['.card.md', '.card.json']);
    const card = JSON.parse(saved[0].companions![1].content) as { cardVersion: number; dataset: { turns: number }; counts: { dialogues: number; turns: number; verifiedTurns: number; labels: { accepted: number } }; export: { format: string; scope: string }; agreement: { layers: string[]; rows: { fieldId: string; items: number }[] } };
    expect(card).toMatchObject({ cardVersion: 2, dataset: { turns: 8 }, counts: { dialogues: 1, turns: 1, verifiedTurns: 1, labels: { accepted: 4 } }, export: { format: 'long-csv', scope: 'verified-turns' } });
    expect(card.agreement.layers).toEqual([]);
    expect(card.agreement.rows.find((row) => row.fieldId === 'student_cognition_state')?.items).toBe(1);
    expect(saved[0].companions![0].content).toContain('No other annotation layer is attached to this data set');
  });
});
