import { describe, expect, it } from 'vitest';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { cardCounts, cardInterval, datasetCardJson, datasetCardMarkdown, type DatasetCardInput } from '../../../../shared/export';
import { exportAgreement } from '../../../../shared/export/card-scope';
import { toStoredDialogue } from '../../../../shared/import';
import type { FieldReview } from '../../../../shared/model/review';
import { annotation, parseText, sidLine } from '../support';

const lines = [
  sidLine(
    [['学生', '为什么仙人掌的叶子是刺？'], ['教师', '你觉得沙漠里最缺少的是什么？']],
    [
      annotation('学生', '为什么仙人掌的叶子是刺？', { discipline: '生物', discipline_transfer: '否', student_cognition_state: '模糊理解', cognitive_level: '记忆' }),
      annotation('教师', '你觉得沙漠里最缺少的是什么？', { teacher_intent: '引导推理', teaching_strategy: '追问', discipline: '生物', discipline_transfer: '否', teacher_guidance_level: 'L2', cognitive_level: '理解' }),
    ],
    { topic_id: 7, student_id: 3, repeat_id: 1 },
  ),
  sidLine([['学生', '水为什么会结冰？']], [annotation('学生', '水为什么会结冰？', { discipline: '物理', discipline_transfer: '否', student_cognition_state: '理解', cognitive_level: '记忆' })], { topic_id: 8, student_id: 3, repeat_id: 1 }),
].join('\n');

const AT = '2026-12-02T10:00:00.000Z';
function items() {
  return parseText('a.jsonl', lines).dialogues.map((parsed, index) => {
    const { dialogue, turns } = toStoredDialogue(parsed, { datasetId: 'ds', sourceId: 'src', file: 'a.jsonl' });
    const reviews: FieldReview[] =
      index === 0
        ? [
            { id: `${turns[1].id}|teacher_intent`, turnId: turns[1].id, dialogueId: dialogue.id, fieldId: 'teacher_intent', decision: 'changed', codes: ['check_understanding'], text: null, reviewer: '李<b>老师</b>', at: AT },
            { id: `${turns[1].id}|cognitive_level`, turnId: turns[1].id, dialogueId: dialogue.id, fieldId: 'cognitive_level', decision: 'accepted', codes: ['understand'], text: null, reviewer: '李<b>老师</b>', at: AT },
            { id: `${turns[0].id}|cognitive_level`, turnId: turns[0].id, dialogueId: dialogue.id, fieldId: 'cognitive_level', decision: 'unsure', codes: ['remember'], text: null, reviewer: 'wang', at: AT },
          ]
        : [];
    return {
      dialogue: { ...dialogue, teacherModel: index === 0 ? 'GPT|4o' : 'Qwen' },
      turns,
      fieldReviews: reviews,
      turnReviews: index === 0 ? [{ id: turns[1].id, dialogueId: dialogue.id, verified: true, reviewer: 'wang', at: AT }] : [],
      dialogueReview: index === 0 ? { id: dialogue.id, status: 'verified' as const, reviewer: 'wang', at: AT, teacherModel: 'GPT|4o' } : null,
    };
  });
}

function input(patch: Partial<DatasetCardInput> = {}): DatasetCardInput {
  return {
    toolVersion: '0.9.0',
    generatedAt: AT,
    dataset: { id: 'ds', name: 'Pilot <img src=x onerror=alert(1)> | set', dialogues: 2, turns: 3 },
    export: { format: 'sid-jsonl', extension: 'jsonl', scope: 'all', adjudicated: false, unsureValues: 'empty' },
    codebook: { id: 'sid-default', version: '1.0', hash: 'h123', name: 'SID', fields: DEFAULT_CODEBOOK.fields.map((field) => ({ id: field.id, name: field.name.en, type: field.type })) },
    counts: cardCounts(items(), DEFAULT_CODEBOOK, 'all'),
    agreement: {
      raters: ['LLM pre-annotation', 'Expert (verified)'],
      rows: [
        { fieldId: 'teacher_intent', coefficient: 'cohen', weights: 'none', value: -0.0625, items: 12, ci95: [-1.3, 0.42], reason: null },
        { fieldId: 'teaching_strategy', coefficient: 'cohen', weights: 'none', value: null, items: 12, ci95: null, reason: 'A label-set field has no single kappa' },
      ],
      codeRows: [{ fieldId: 'teaching_strategy', code: 'provide_hints', coefficient: 'cohen', weights: 'none', value: 0.25, items: 12, ci95: [0.1, 0.4], reason: null }],
      layers: [],
      panel: null,
    },
    exportAgreement: exportAgreement(items(), DEFAULT_CODEBOOK, 'all'),
    spotChecks: [],
    adjudication: { unanimous: 0, adjudicated: 0, unresolved: 0 },
    exportAdjudication: { unanimous: 0, adjudicated: 0, unresolved: 0 },
    metrics: null,
    ...patch,
  };
}

describe('dataset card', () => {
  it('counts dialogues, turns, teacher models, topics, coverage and the expert values per field and annotator', () => {
    const counts = cardCounts(items(), DEFAULT_CODEBOOK, 'all');
    expect(counts).toMatchObject({ dialogues: 2, turns: 3, topics: 2, verifiedDialogues: 1, verifiedTurns: 1 });
    expect(counts.teacherModels).toEqual([{ name: 'GPT|4o', dialogues: 1 }, { name: 'Qwen', dialogues: 1 }]);
    expect(counts.labels).toMatchObject({ accepted: 1, changed: 1, unsure: 1 });
    expect(counts.fields.find((entry) => entry.fieldId === 'cognitive_level')).toEqual({ fieldId: 'cognitive_level', written: 3, expert: 2, accepted: 1, changed: 0, unsure: 1 });
    expect(counts.fields.find((entry) => entry.fieldId === 'teacher_intent')).toEqual({ fieldId: 'teacher_intent', written: 1, expert: 1, accepted: 0, changed: 1, unsure: 0 });
    expect(counts.annotators).toEqual([{ name: '李<b>老师</b>', values: 2 }, { name: 'wang', values: 1 }]);
    // only what the scope writes
    expect(cardCounts(items(), DEFAULT_CODEBOOK, 'verified')).toMatchObject({ dialogues: 1, turns: 2, topics: 1 });
  });

  it('the JSON holds the same figures, a card version and an empty license', () => {
    const json = datasetCardJson(input());
    expect(json.cardVersion).toBe(2);
    expect(json.license).toBeNull();
    expect(json.agreement?.rows[0]).toEqual({ fieldId: 'teacher_intent', coefficient: 'cohen', weights: 'none', value: -0.0625, items: 12, ci95: [-1.3, 0.42], reason: null });
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  it('writes agreement as the view does (three decimals, real minus, interval truncated) and escapes untrusted names', () => {
    const md = datasetCardMarkdown(input());
    expect(md).toContain("| Teacher intent (teacher_intent) | Cohen's κ | −0.063 | 12 | [−1.000, 0.420] |");
    expect(cardInterval([-1.3, 0.42])).toBe('[−1.000, 0.420]');
    expect(md).toContain('| Teaching strategy (teaching_strategy) | Cohen\'s κ | — (A label-set field has no single kappa) | 12 | — |');
    expect(md).toContain('| Teaching strategy (teaching_strategy) = provide_hints | Cohen\'s κ | 0.250 | 12 | [0.100, 0.400] |');
    expect(md).toContain('# Dataset card: Pilot &lt;img src=x onerror=alert(1)&gt; \\| set');
    expect(md).not.toContain('<img');
    expect(md).not.toContain('<b>');
    expect(md).toContain('| GPT\\|4o | 1 |');
    expect(md).toContain('李&lt;b&gt;老师&lt;/b&gt; (2 values), wang (1 value)');
    // every table row has as many cells as its header: no name split a table
    const tableLines = md.split('\n').filter((line) => line.startsWith('|'));
    for (const line of tableLines) expect(line.endsWith('|')).toBe(true);
    expect(md).toContain('Teacher intent');
  });

  it('says plainly what is missing: no other layer, no spot-check, no adjudication, no metrics run, and the license left open', () => {
    const md = datasetCardMarkdown(input());
    expect(md).toContain('No other annotation layer is attached to this data set');
    expect(md).toContain('No spot-check was drawn for this data set.');
    expect(md).toContain('No value was adjudicated.');
    expect(md).toContain('No metrics run was made for this data set.');
    expect(md).toContain("**License**: (to be filled in by the data set's authors)");
    expect(datasetCardMarkdown(input({ agreement: null, agreementError: 'no reviews' }))).toContain('Agreement could not be computed: no reviews.');
  });

  it('writes the panel, spot-check verdicts, adjudication counts and the latest metrics means', () => {
    const md = datasetCardMarkdown(
      input({
        agreement: {
          ...input().agreement!,
          layers: ['Annotator B'],
          panel: { raters: ['Expert (verified)', 'Annotator B'], rows: [{ fieldId: 'teacher_intent', fleiss: { coefficient: 'fleiss', weights: null, value: 0.5, items: 10, ci95: null, reason: null }, alpha: { coefficient: 'krippendorff', weights: null, value: 0.512, items: 11, ci95: null, reason: null } }] },
        },
        spotChecks: [{ name: 'Check | 1', createdAt: AT, unit: 'dialogue', size: 5, checkedLayer: 'LLM pre-annotation', threshold: 0.1, reviewedTurns: 4, sampledTurns: 9, fields: [{ field: 'teaching_strategy=provide_hints', fieldId: 'teaching_strategy', n: 4, errors: 1, noLlmValue: 2, rate: 0.25, low: 0.0456, high: 0.6994, verdict: 'insufficient', needed: 35 }] }],
        adjudication: { unanimous: 3, adjudicated: 2, unresolved: 1 },
        exportAdjudication: { unanimous: 1, adjudicated: 0, unresolved: 1 },
        metrics: { run: 'Run 2', createdAt: AT, layerName: 'Expert (verified)', scope: 'verified', appVersion: '0.9.0', groups: [{ group: 'GPT-4o', dialogues: 1, means: { SD: 0.5, TotalScore: null } }], overall: { group: '', dialogues: 1, means: { SD: 0.5, TotalScore: null } } },
      }),
    );
    expect(md).toContain('Across Expert (verified), Annotator B:');
    expect(md).toContain('| Teacher intent (teacher_intent) | 0.500 | 10 | 0.512 | 11 |');
    expect(md).toContain('### Check \\| 1');
    expect(md).toContain('| Teaching strategy (teaching_strategy) = provide_hints | 4 | 1 | 2 | 25.0% | 4.6% – 69.9% | not enough reviewed yet (4 of the 35 needed) |');
    expect(md).toContain('3 unanimous, 2 adjudicated, 1 unresolved.');
    expect(md).toContain('| GPT-4o | 1 | 0.500 | — |');
    expect(md).toContain('| All | 1 | 0.500 | — |');
    expect(md).toContain('1 unanimous, 0 adjudicated, 1 unresolved.');
    expect(md).toContain('1 adjudication of the exported turns is unresolved.');
  });
});
