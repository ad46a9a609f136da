import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import type { MaieuticDb } from '../../../../renderer/src/db/db';
import { applyAdjudications } from '../../../../renderer/src/db/repositories/adjudications';
import { importParsedFiles } from '../../../../renderer/src/db/repositories/import';
import { loadLayerValues, loadReviewLayers } from '../../../../renderer/src/stores/agreement/load-layers';
import { reviewLayerAgreement } from '../../../../shared/agreement/review-layers';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import type { AdjudicationRow } from '../../../../shared/model/adjudication';
import { dialogue, freshDb, parsedFile, value } from '../fixtures';

const NEW = { kind: 'new', name: 'Pilot', codebookId: 'sid-default' } as const;

describe('the adjudicated layer in the agreement view', () => {
  let db: MaieuticDb;
  afterEach(async () => {
    db.close();
    await db.delete();
  });

  it('is listed among the layers to compare and compared like any layer', async () => {
    db = freshDb();
    const base = dialogue(1, 4);
    // teacher turns 1 and 3: pre-annotation guide_reasoning
    const turns = base.turns.map((turn) => (turn.speaker === 'teacher' ? { ...turn, pre: { teacher_intent: value('引导推理', 'ok', ['guide_reasoning']) } } : turn));
    const { datasetId, sourceIds } = await importParsedFiles(db, NEW, [parsedFile('a.jsonl', [{ ...base, turns }])]);
    const dialogueId = `${sourceIds[0]}:1`;
    const row = (index: number, code: string): AdjudicationRow => ({
      id: `${dialogueId}#${index}|teacher_intent`, datasetId, dialogueId, turnId: `${dialogueId}#${index}`, fieldId: 'teacher_intent', status: 'adjudicated',
      codes: [code], text: null, compared: ['llm', 'layer:b'], agreedWith: [], decidedBy: 'adj', needsGuidelineUpdate: false, note: '', at: '2026-12-02T10:00:00.000Z',
    });
    const layer = await applyAdjudications(db, datasetId, { put: [row(1, 'guide_reasoning'), row(3, 'check_understanding')] });

    const loaded = await loadReviewLayers(db, datasetId);
    expect(loaded?.layers).toEqual([{ id: layer.id, name: 'Adjudicated / 裁决', kind: 'adjudicated' }]);
    const report = reviewLayerAgreement({
      codebook: DEFAULT_CODEBOOK,
      turns: loaded!.turns,
      fieldReviews: loaded!.fieldReviews,
      fields: ['teacher_intent'],
      raters: [{ kind: 'layer', id: layer.id, values: await loadLayerValues(db, layer.id) }, { kind: 'pre' }],
    });
    const intent = report.groups[0].rows[0];
    expect([intent.items, intent.agreeing]).toEqual([2, 1]);
  });
});
