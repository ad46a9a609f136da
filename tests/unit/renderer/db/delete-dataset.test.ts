import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { deleteDataset } from '../../../../renderer/src/db/repositories/datasets';
import { dismissFinding } from '../../../../renderer/src/db/repositories/finding-dismissals';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import type { AdjudicationRow } from '../../../../shared/model/adjudication';
import type { AssignmentRow } from '../../../../shared/model/assignment';
import type { SpotCheckRow } from '../../../../shared/model/spot-check';
import { dialogue, freshDb, parsedFile } from '../fixtures';

const AT = '2026-12-02T10:00:00.000Z';

function issue11Rows(datasetId: string, dialogueId: string, suffix: string) {
  const spotCheck: SpotCheckRow = {
    id: `sc-${suffix}`, datasetId, name: 'Spot-check 1', createdAt: AT, seed: 1, unit: 'dialogue', fraction: 0.2, strata: { kind: 'none' },
    strataCounts: [{ key: 'all', population: 1, sampled: 1 }], items: [{ dialogueId, stratum: 'all' }], threshold: 0.1, position: 0,
  };
  const assignment: AssignmentRow = {
    id: `as-${suffix}`, datasetId, direction: 'sent', annotatorName: '王老师', sourceDatasetId: datasetId, sourceDatasetName: 'Pilot', dialogueIds: [dialogueId],
    blind: true, codebookId: 'sid-default', codebookVersion: '1', codebookHash: '0123456789abcdef', createdAt: AT,
  };
  const adjudication: AdjudicationRow = {
    id: `${dialogueId}#0|teacher_intent`, datasetId, dialogueId, turnId: `${dialogueId}#0`, fieldId: 'teacher_intent', status: 'adjudicated',
    codes: [], text: null, compared: ['llm', 'expert'], agreedWith: ['expert'], decidedBy: 'a1', needsGuidelineUpdate: false, note: '', at: AT,
  };
  return { spotCheck, assignment, adjudication };
}

describe('deleteDataset and the issue 11 tables', () => {
  it('deletes the data set’s spot-checks, assignments and adjudications, and no other data set’s', async () => {
    const db = freshDb();
    const a = await importParsedFiles(db, { kind: 'new', name: 'Pilot', codebookId: 'sid-default' }, [parsedFile('a.jsonl', [dialogue(1, 2)])]);
    const b = await importParsedFiles(db, { kind: 'new', name: 'Other', codebookId: 'sid-default' }, [parsedFile('b.jsonl', [dialogue(1, 2)])]);
    for (const [result, suffix] of [[a, 'a'], [b, 'b']] as const) {
      const rows = issue11Rows(result.datasetId, `${result.sourceIds[0]}:1`, suffix);
      await db.spotChecks.add(rows.spotCheck);
      await db.assignments.add(rows.assignment);
      await db.adjudications.add(rows.adjudication);
    }
    await deleteDataset(db, a.datasetId);
    expect((await db.spotChecks.toArray()).map((row) => row.id)).toEqual(['sc-b']);
    expect((await db.assignments.toArray()).map((row) => row.id)).toEqual(['as-b']);
    expect((await db.adjudications.toArray()).map((row) => row.datasetId)).toEqual([b.datasetId]);
  });
});

describe('deleteDataset and the consistency findings dismissed', () => {
  it('deletes the data set’s dismissals, and no other data set’s', async () => {
    const db = freshDb();
    const a = await importParsedFiles(db, { kind: 'new', name: 'Pilot', codebookId: 'sid-default' }, [parsedFile('a.jsonl', [dialogue(1, 2)])]);
    const b = await importParsedFiles(db, { kind: 'new', name: 'Other', codebookId: 'sid-default' }, [parsedFile('b.jsonl', [dialogue(1, 2)])]);
    for (const result of [a, b]) {
      const dialogueId = `${result.sourceIds[0]}:1`;
      await dismissFinding(db, { datasetId: result.datasetId, finding: { ruleId: 'label-outside-codebook', dialogueId, turnId: `${dialogueId}#0`, fieldId: 'teacher_intent' }, note: 'new label', reviewer: '王老师', at: AT });
    }
    await deleteDataset(db, a.datasetId);
    expect((await db.findingDismissals.toArray()).map((row) => row.datasetId)).toEqual([b.datasetId]);
  });
});
