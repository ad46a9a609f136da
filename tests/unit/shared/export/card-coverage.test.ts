/**
 * The dataset card says which figures cover the export's scope and which the whole data set
 * (issue 29, point 16c), and computes the cheap ones for the scope: agreement on the exported
 * turns and their adjudication records. The kappa below is worked by hand.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { cardCounts, datasetCardJson, datasetCardMarkdown, type DatasetCardInput, type ExportDialogue } from '../../../../shared/export';
import { adjudicationCounts, exportAgreement, exportedTurnIds } from '../../../../shared/export/card-scope';
import { toStoredDialogue } from '../../../../shared/import';
import type { AdjudicationRow } from '../../../../shared/model/adjudication';
import type { FieldReview } from '../../../../shared/model/review';
import { annotation, parseText, sidLine } from '../support';

const AT = '2026-12-02T10:00:00.000Z';
const GUIDE = '引导推理';
const CHECK = '检测理解';

/**
 * Five teacher turns; the LLM says guide, check, guide, check, guide. The expert decides
 * teacher_intent on each: guide, check, check, check — and on the fifth, which is not verified,
 * check again. On the four verified turns: p_o = 3/4; the LLM's marginals guide 2/4, check 2/4,
 * the expert's guide 1/4, check 3/4, so p_e = 2/4 · 1/4 + 2/4 · 3/4 = 1/2 and κ = (3/4 − 1/2) / (1 − 1/2) = 0.5.
 * Over all five: p_o = 3/5, LLM guide 3/5 check 2/5, expert guide 1/5 check 4/5,
 * p_e = 3/25 + 8/25 = 11/25, κ = (15/25 − 11/25) / (14/25) = 4/14 = 2/7.
 * The dialogue holds that block of five three times (every proportion, so κ, is unchanged), so
 * both populations, 12 and 15 items, reach the 10 items below which no coefficient is shown.
 */
const BLOCKS = 3;
const PRE = Array.from({ length: BLOCKS }, () => [GUIDE, CHECK, GUIDE, CHECK, GUIDE]).flat();
const EXPERT = Array.from({ length: BLOCKS }, () => ['guide_reasoning', 'check_understanding', 'check_understanding', 'check_understanding', 'check_understanding']).flat();
/** the first four turns of every block are verified */
const VERIFIED = (index: number) => index % 5 < 4;
const line = sidLine(
  PRE.map((_, i) => ['教师', `第${i + 1}个问题？`] as [string, string]),
  PRE.map((intent, i) => annotation('教师', `第${i + 1}个问题？`, { teacher_intent: intent })),
  { topic_id: 1, student_id: 1, repeat_id: 1 },
);
const other = sidLine([['学生', '我不懂。']], [annotation('学生', '我不懂。', { cognitive_level: '记忆' })], { topic_id: 2, student_id: 1, repeat_id: 1 });

function items(): ExportDialogue[] {
  return parseText('a.jsonl', [line, other].join('\n')).dialogues.map((parsed, index) => {
    const { dialogue, turns } = toStoredDialogue(parsed, { datasetId: 'ds', sourceId: 'src', file: 'a.jsonl' });
    const reviews: FieldReview[] =
      index === 0 ? turns.map((turn, i) => ({ id: `${turn.id}|teacher_intent`, turnId: turn.id, dialogueId: dialogue.id, fieldId: 'teacher_intent', decision: EXPERT[i] === 'guide_reasoning' ? 'accepted' : (i % 5) % 2 === 1 ? 'accepted' : 'changed', codes: [EXPERT[i]], text: null, reviewer: 'wang', at: AT })) : [];
    return {
      dialogue,
      turns,
      fieldReviews: reviews,
      turnReviews: index === 0 ? turns.filter((turn) => VERIFIED(turn.index)).map((turn) => ({ id: turn.id, dialogueId: dialogue.id, verified: true, reviewer: 'wang', at: AT })) : [],
      dialogueReview: null,
    };
  });
}

const intentRow = (agreement: ReturnType<typeof exportAgreement>) => agreement.rows.find((row) => row.fieldId === 'teacher_intent');

describe("the card's figures over the export", () => {
  it('agreement on the exported turns only, as worked by hand', () => {
    const onVerifiedTurns = exportAgreement(items(), DEFAULT_CODEBOOK, 'verified-turns');
    expect(onVerifiedTurns.reviewedTurns).toBe(12);
    expect(intentRow(onVerifiedTurns)?.items).toBe(12);
    expect(intentRow(onVerifiedTurns)?.value).toBeCloseTo(0.5, 12);
    const onAll = exportAgreement(items(), DEFAULT_CODEBOOK, 'all');
    expect(intentRow(onAll)?.items).toBe(15);
    expect(intentRow(onAll)?.value).toBeCloseTo(2 / 7, 12);
  });

  it('adjudication records of the exported turns beside the whole set', () => {
    const all = items();
    const [first] = all;
    const record = (turnIndex: number, status: AdjudicationRow['status']) => ({ id: `${first.turns[turnIndex].id}|teacher_intent`, turnId: first.turns[turnIndex].id, status }) as AdjudicationRow;
    const rows = [record(0, 'unanimous'), record(4, 'unresolved')];
    expect(adjudicationCounts(rows)).toEqual({ unanimous: 1, adjudicated: 0, unresolved: 1 });
    expect(adjudicationCounts(rows, exportedTurnIds(all, 'verified-turns'))).toEqual({ unanimous: 1, adjudicated: 0, unresolved: 0 });
  });
});

function cardInput(): DatasetCardInput {
  const all = items();
  return {
    toolVersion: '0.9.0',
    generatedAt: AT,
    dataset: { id: 'ds', name: 'Pilot', dialogues: 2, turns: 16 },
    export: { format: 'sid-jsonl', extension: 'jsonl', scope: 'verified-turns', adjudicated: false, unsureValues: 'empty' },
    codebook: { id: 'sid-default', version: '1.0', hash: 'h', name: 'SID', fields: DEFAULT_CODEBOOK.fields.map((field) => ({ id: field.id, name: field.name.en, type: field.type })) },
    counts: cardCounts(all, DEFAULT_CODEBOOK, 'verified-turns'),
    agreement: { raters: ['LLM pre-annotation', 'Expert (verified)'], rows: exportAgreement(all, DEFAULT_CODEBOOK, 'all').rows, codeRows: [], layers: [], panel: null },
    exportAgreement: exportAgreement(all, DEFAULT_CODEBOOK, 'verified-turns'),
    spotChecks: [],
    adjudication: { unanimous: 1, adjudicated: 0, unresolved: 1 },
    exportAdjudication: { unanimous: 1, adjudicated: 0, unresolved: 0 },
    metrics: null,
  };
}

describe('the dataset card labels every figure with what it covers', () => {
  const md = datasetCardMarkdown(cardInput());
  const section = (heading: string) => {
    const start = md.indexOf(`\n${heading}\n`);
    expect(start, heading).toBeGreaterThan(-1);
    return md.slice(start + heading.length + 2).split('\n').find((text) => text.trim() !== '') ?? '';
  };

  it('in the Markdown: the export\'s sections say its scope and size, the others the whole data set', () => {
    const exportLine = "*Covers: this export's scope — the turns an expert marked verified: 1 dialogue, 12 turns.*";
    expect(section('## Counts')).toBe(exportLine);
    expect(section('## Review coverage')).toBe(exportLine);
    expect(section('## Agreement')).toBe('*Covers: the whole data set (2 dialogues, 16 turns; every reviewed turn of it) — not only the 12 turns this export holds.*');
    expect(section('## Spot-checks')).toMatch(/^\*Covers: the whole data set \(2 dialogues, 16 turns; samples drawn from all of it\)/);
    expect(section('## Adjudication')).toMatch(/^\*Covers: the whole data set/);
    expect(section('## Objective metrics')).toMatch(/^\*Covers: the whole data set/);
    const onExport = md.split("### On this export's turns");
    expect(onExport).toHaveLength(3);
    for (const part of onExport.slice(1)) expect(part.trimStart().startsWith(exportLine)).toBe(true);
    // the two agreements differ, and each is where its coverage says
    expect(md).toContain("| Teacher intent (teacher_intent) | Cohen's κ | 0.286 | 15 |");
    expect(onExport[1]).toContain("| Teacher intent (teacher_intent) | Cohen's κ | 0.500 | 12 |");
    expect(onExport[2]).toContain('1 unanimous, 0 adjudicated, 0 unresolved.');
  });

  it('in the JSON: both populations and the coverage of every section', () => {
    const card = datasetCardJson(cardInput());
    expect(card.coverage).toEqual({
      export: { scope: 'verified-turns', dialogues: 1, turns: 12 },
      dataSet: { dialogues: 2, turns: 16 },
      sections: { counts: 'export', reviewCoverage: 'export', agreement: 'data-set', exportAgreement: 'export', spotChecks: 'data-set', adjudication: 'data-set', exportAdjudication: 'export', metrics: 'data-set' },
    });
    expect(card.exportAgreement.rows.find((row) => row.fieldId === 'teacher_intent')?.value).toBeCloseTo(0.5, 12);
  });

  it('says what was written for the labels an expert was unsure of', () => {
    expect(md).toContain('- Labels an expert marked unsure: left empty in the annotations; the provenance ("maieutic") marks each `unsure`.');
    const csv = datasetCardMarkdown({ ...cardInput(), export: { ...cardInput().export, format: 'long-csv', extension: 'csv', unsureValues: 'guess' } });
    expect(csv).toContain("- Labels an expert marked unsure: their `expert_value` is the expert's best guess; the `status` column says `unsure`.");
  });

  it('an export of everything says its figures and the whole data set\'s are the same population', () => {
    const all = items();
    const whole = datasetCardMarkdown({ ...cardInput(), export: { ...cardInput().export, scope: 'all' }, counts: cardCounts(all, DEFAULT_CODEBOOK, 'all') });
    expect(whole).toContain('*Covers: the whole data set (2 dialogues, 16 turns; every reviewed turn of it) — this export holds all of it.*');
  });
});
