/**
 * fast-check arbitraries for a whole database: data sets of dialogues with their turns (packed
 * into the app's turn blocks), the expert layer (field reviews with speaker and utterance
 * corrections, unsure values, labels given blind, verified turns, dialogue statuses), annotators,
 * drafts, the audit trail, settings, and rows of every other table, all naming each other as the
 * app's own writes do. Text is drawn from the whole of Unicode (CJK, emoji, markup, controls
 * where the app stores them). Each row passes its table's rule: the property restores only what
 * the app could have written.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { DEFAULT_CODEBOOK } from '../../../../shared/codebook';
import { DEFAULT_CONSISTENCY_RULES } from '../../../../shared/consistency';
import { SID_RUBRIC_SET } from '../../../../shared/judge/default-rubrics';
import { rubricSetHash } from '../../../../shared/judge/rubric-hash';
import { DEFAULT_PRE_ANNOTATION_TEMPLATE, templateRef } from '../../../../shared/llm/prompt-template';
import { METRIC_IDS, SCORE_KEYS } from '../../../../shared/metrics/definitions';
import type { Annotator } from '../../../../shared/model/annotator';
import type { Dataset, Dialogue, FieldValue, SourceRecord, Turn } from '../../../../shared/model/dataset';
import type { DraftRow } from '../../../../shared/model/draft';
import { AUDIT_REASONS, type EditLogEntry } from '../../../../shared/model/edit-log';
import { ACCEPTANCE_KINDS, type DialogueReview, type FieldReview, type ReviewDecision, type TurnReview } from '../../../../shared/model/review';
import { parseScenarioYaml, scenarioHash } from '../../../../shared/scenario';
import { parseSynthesisSpec } from '../../../../shared/synthesis/parse-spec';
import { synthesisSpecHash } from '../../../../shared/synthesis/synthesis-job';
import { codebookVersionRow } from '../../../../renderer/src/db/repositories/codebook-versions';
import { rubricSetRow } from '../../../../renderer/src/db/repositories/judge';
import { packTurnBlocks } from '../../../../renderer/src/db/turn-blocks';
import { RESOURCES_DIR } from '../../../support/repo-paths';

export type GeneratedDatabase = Record<string, Record<string, unknown>[]>;

const TIME_MIN = Date.parse('2020-01-01T00:00:00.000Z');
const TIME_MAX = Date.parse('2030-12-31T23:59:59.999Z');
const iso = fc.integer({ min: TIME_MIN, max: TIME_MAX }).map((ms) => new Date(ms).toISOString());

/** Any text, the whole of Unicode; `line`: one line without controls (names), never blank. */
const anyText = fc.string({ unit: 'binary', maxLength: 40 });
const lineText = (max = 40) =>
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: max }).map((text) => text.replace(/[\u0000-\u001f\u007f]/g, '').trim()).filter((text) => text !== '');
const markupOrCjk = fc.oneof(lineText(), fc.constantFrom('<img src=x onerror=alert(1)>', '王老师 · 试点', '<script>alert(1)</script>', 'Pilot "quoted" & <b>bold</b>', '😀 emoji'));

const fieldIds = DEFAULT_CODEBOOK.fields.map((field) => field.id);
const labelFields = DEFAULT_CODEBOOK.fields.filter((field) => field.type !== 'text');

const fieldValue: fc.Arbitrary<FieldValue> = fc.record({
  raw: anyText,
  codes: fc.uniqueArray(fc.stringMatching(/^[a-z_]{1,12}$/), { maxLength: 3 }),
  unknown: fc.array(anyText, { maxLength: 2 }),
  status: fc.constantFrom('ok', 'empty', 'unknown', 'conflict'),
});

/** A JSON-like value of the kinds IndexedDB keeps for `unknown` fields, a few levels deep. */
const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    anyText,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }).filter((key) => key !== '__proto__'), tie('value'), { maxKeys: 3 }),
  ),
})).value;

interface DialogueDraft {
  dialogue: Dialogue;
  turns: Turn[];
}

const turnOf = (dialogueId: string, index: number) =>
  fc.record({
    speaker: fc.constantFrom<'teacher' | 'student' | 'other'>('teacher', 'student', 'other'),
    speakerRaw: anyText,
    utterance: fc.string({ unit: 'grapheme', maxLength: 60 }),
    endMarker: fc.boolean(),
    pre: fc.dictionary(fc.constantFrom(...fieldIds), fieldValue, { maxKeys: 3 }),
    alignment: fc.constantFrom('exact', 'normalized', 'containment', 'mapped', 'none'),
    fragments: fc.integer({ min: 0, max: 3 }),
  }).map((parts): Turn => ({ index, ...parts, id: `${dialogueId}#${index}`, dialogueId }) as Turn);

function dialogueArbitrary(datasetId: string, sourceId: string, line: number): fc.Arbitrary<DialogueDraft> {
  const id = `${sourceId}:${line}`;
  return fc.integer({ min: 1, max: 4 }).chain((turnCount) =>
    fc.record({
      externalId: lineText(),
      teacherModel: fc.oneof(fc.constant(''), lineText()),
      topicId: fc.option(lineText(10), { nil: null }),
      topicText: anyText,
      studentId: fc.option(lineText(10), { nil: null }),
      studentType: anyText,
      scenario: anyText,
      repeatId: fc.option(lineText(5), { nil: null }),
      flaggedCount: fc.nat(5),
      extra: fc.dictionary(fc.string({ maxLength: 8 }).filter((key) => key !== '__proto__'), jsonValue, { maxKeys: 2 }),
      unaligned: fc.array(fc.record({ index: fc.nat(9), speakerRaw: anyText, utterance: anyText, raw: fc.dictionary(fc.string({ maxLength: 6 }).filter((key) => key !== '__proto__'), jsonValue, { maxKeys: 2 }) }), { maxLength: 1 }),
      turns: fc.tuple(...Array.from({ length: turnCount }, (_, index) => turnOf(id, index))),
    }).map(({ turns, ...header }): DialogueDraft => ({
      dialogue: { id, datasetId, sourceId, ...header, turnCount, file: `${sourceId}.jsonl`, line } as Dialogue,
      turns,
    })),
  );
}

/** What the expert did on one turn's field: a decision and its value, as review writes them (speaker corrected to a label, the utterance to a text). */
function fieldReviewOf(turn: Turn, fieldId: string, annotator: Annotator, layerIds: readonly string[]): fc.Arbitrary<FieldReview> {
  const field = DEFAULT_CODEBOOK.fields.find((candidate) => candidate.id === fieldId)!;
  const decisions: ReviewDecision[] = ['accepted', 'changed', 'unsure', 'labelled'];
  const value = field.type === 'text'
    ? fc.string({ unit: 'grapheme', maxLength: 40 }).map((text) => ({ codes: [] as string[], text }))
    : fc.uniqueArray(fc.constantFrom(...field.labels.map((label) => label.code)), { minLength: 1, maxLength: field.type === 'set' ? 3 : 1 }).map((codes) => ({ codes, text: null }));
  return fc.record({
    decision: fc.constantFrom(...decisions),
    value,
    at: iso,
    suggestionLayerId: fc.option(layerIds.length > 0 ? fc.constantFrom(...layerIds) : fc.constant(undefined), { nil: undefined }),
    // how an accepted value was accepted (v, or a deliberate key); rows written before it was kept have none
    acceptance: fc.option(fc.constantFrom(...ACCEPTANCE_KINDS), { nil: undefined }),
  }).map(({ decision, value: given, at, suggestionLayerId, acceptance }): FieldReview => ({
    id: `${turn.id}|${fieldId}`,
    turnId: turn.id,
    dialogueId: turn.dialogueId,
    fieldId,
    decision,
    codes: given.codes,
    text: given.text,
    reviewer: annotator.name,
    annotatorId: annotator.id,
    ...(suggestionLayerId !== undefined ? { suggestionLayerId } : {}),
    ...(decision === 'accepted' && acceptance !== undefined ? { acceptance } : {}),
    at,
  }));
}

const annotatorArbitrary = (index: number): fc.Arbitrary<Annotator> =>
  fc.record({ name: lineText(20), role: fc.constantFrom('annotator', 'adjudicator', 'expert'), kind: fc.constantFrom('human', 'llm'), createdAt: iso }).map((parts) => ({ id: `annotator-${index}`, ...parts }) as Annotator);

const byKey = (key: string) => (a: Record<string, unknown>, b: Record<string, unknown>) => (String(a[key]) < String(b[key]) ? -1 : String(a[key]) > String(b[key]) ? 1 : 0);

const SCENARIO_SOURCE = readFileSync(join(RESOURCES_DIR, 'scenarios', 'sid-teacher-led.yaml'), 'utf8');
const SPEC_SOURCE = readFileSync(join(RESOURCES_DIR, 'synthesis', 'elmes-scenegen.yaml'), 'utf8');

/** Rows of the tables whose content is a whole document the app checks (codebooks, rubric sets, scenarios, specs, prompts). */
function documentRows(createdAt: string, seq: number) {
  const scenario = parseScenarioYaml(SCENARIO_SOURCE, 'sid-teacher-led.yaml');
  if (!scenario.ok) throw new Error('the bundled scenario does not parse');
  const spec = parseSynthesisSpec(SPEC_SOURCE, 'elmes-scenegen.yaml');
  if (!spec.ok) throw new Error('the bundled spec does not parse');
  const template = { ...DEFAULT_PRE_ANNOTATION_TEMPLATE, version: String(seq + 1), system: `${DEFAULT_PRE_ANNOTATION_TEMPLATE.system}\n(${seq})` };
  const scenarioRow = { id: `${scenario.scenario.id}@${scenarioHash(scenario.scenario)}`, scenarioId: scenario.scenario.id, version: scenario.scenario.version, hash: scenarioHash(scenario.scenario), source: SCENARIO_SOURCE, origin: 'sid-teacher-led.yaml', createdAt };
  return {
    codebookVersions: [codebookVersionRow({ codebook: DEFAULT_CODEBOOK, rules: DEFAULT_CONSISTENCY_RULES, createdAt })],
    rubricSets: [rubricSetRow(SID_RUBRIC_SET, createdAt)],
    promptTemplates: [{ key: `${template.id}@${template.version}`, ...template, hash: templateRef(template).hash, createdAt, basedOn: `${DEFAULT_PRE_ANNOTATION_TEMPLATE.id}@${DEFAULT_PRE_ANNOTATION_TEMPLATE.version}` }],
    scenarioVersions: [scenarioRow],
    spec: { id: spec.spec.id, version: spec.spec.version, hash: synthesisSpecHash(spec.spec) },
  };
}

const scoreRecord = <T>(value: T) => Object.fromEntries(SCORE_KEYS.map((key) => [key, value]));
const metricRecord = <T>(value: T) => Object.fromEntries(METRIC_IDS.map((key) => [key, value]));

/** A whole database the app could have written. */
export const databaseArbitrary: fc.Arbitrary<GeneratedDatabase> = fc
  .record({
    datasets: fc.array(fc.record({ name: markupOrCjk, createdAt: iso, hashed: fc.boolean() }), { minLength: 1, maxLength: 2 }),
    annotators: fc.tuple(annotatorArbitrary(0), annotatorArbitrary(1)),
    seed: fc.nat(1000),
    createdAt: iso,
  })
  .chain(({ datasets: datasetParts, annotators, seed, createdAt }) => {
    const datasets: Dataset[] = datasetParts.map((parts, index) => ({
      id: `dataset-${index}`,
      name: parts.name,
      createdAt: parts.createdAt,
      codebookId: DEFAULT_CODEBOOK.id,
      ...(parts.hashed ? { codebookHash: codebookVersionRow({ codebook: DEFAULT_CODEBOOK, rules: DEFAULT_CONSISTENCY_RULES }).hash } : {}),
    }));
    const sources: SourceRecord[] = datasets.map((dataset, index) => ({
      id: `source-${index}`, datasetId: dataset.id, file: `GPT-4o/file-${index}.jsonl`, format: 'sid-jsonl', contentHash: `hash-${index}`, teacherModel: 'GPT-4o', importedAt: createdAt, dialogues: 0, turns: 0, warnings: 0,
    }));
    const dialogues = fc.tuple(...sources.map((source) => fc.integer({ min: 1, max: 3 }).chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => dialogueArbitrary(source.datasetId, source.id, i + 1))))));
    return fc.record({ dialogues, documents: fc.constant(documentRows(createdAt, seed)) }).chain(({ dialogues: perSource, documents }) => {
      const drafts = perSource.flat();
      const allTurns = drafts.flatMap((draft) => draft.turns);
      const layers = datasets.map((dataset, index) => ({ id: `layer-${index}`, datasetId: dataset.id, name: `Second annotator ${index}`, kind: 'human' as const, sourceFile: `second-${index}.jsonl`, contentHash: `layer-hash-${index}`, importedAt: createdAt, turns: 0, problems: [], annotatorId: annotators[1].id }));
      const llmLayers = datasets.map((dataset, index) => ({ id: `llm-layer-${index}`, datasetId: dataset.id, name: `deepseek ${index}`, kind: 'llm' as const, sourceFile: 'deepseek (deepseek-chat)', contentHash: `llm-layer-${index}`, importedAt: createdAt, turns: 0, problems: [] }));
      const layerIds = [...layers, ...llmLayers].map((layer) => layer.id);
      // the first turn has some of everything (a speaker and an utterance correction among its reviews), the others maybe
      const reviewChoices = allTurns.map((turn, index) => fc.record({
        fields: index === 0 ? fc.constant<string[]>(['speaker', 'utterance', 'teacher_intent']) : fc.subarray<string>(['speaker', 'utterance', ...labelFields.filter((field) => field.id !== 'speaker').map((field) => field.id)], { maxLength: 4 }),
        by: fc.constantFrom(...annotators),
        verified: index === 0 ? fc.constant(true) : fc.boolean(),
        layerFields: fc.subarray(labelFields.map((field) => field.id), { minLength: index === 0 ? 1 : 0, maxLength: 2 }),
        layerValue: fieldValue,
        draft: index === 0 ? fc.string({ maxLength: 20 }) : fc.option(fc.string({ maxLength: 20 }), { nil: undefined }),
      }).chain((choice) => fc.record({
        choice: fc.constant(choice),
        reviews: fc.tuple(...choice.fields.map((fieldId: string) => fieldReviewOf(turn, fieldId, choice.by, layerIds))) as fc.Arbitrary<FieldReview[]>,
      })));
      const dialogueChoices = drafts.map(() => fc.record({ status: fc.constantFrom('unreviewed', 'in-progress', 'verified'), teacherModel: fc.option(lineText(), { nil: undefined }), at: iso }));
      return fc.record({
        perTurn: fc.tuple(...reviewChoices),
        perDialogue: fc.tuple(...dialogueChoices),
        settings: fc.record({ reviewerName: lineText(30), language: fc.constantFrom('zh', 'en'), other: jsonValue }),
        editReasons: fc.array(fc.constantFrom(...AUDIT_REASONS), { minLength: 1, maxLength: 4 }),
        metrics: fc.record({ mean: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }), resamples: fc.nat(2000) }),
        score: fc.integer({ min: 1, max: 5 }),
        rationale: anyText,
        synthesisMetric: fc.record({ zh: anyText, en: anyText }),
      }).map(({ perTurn, perDialogue, settings, editReasons, metrics, score, rationale, synthesisMetric }): GeneratedDatabase => {
        const fieldReviews: FieldReview[] = perTurn.flatMap((entry) => entry.reviews);
        const turnReviews: TurnReview[] = allTurns.flatMap((turn, index) => {
          const { choice } = perTurn[index]!;
          return choice.verified ? [{ id: turn.id, dialogueId: turn.dialogueId, verified: true, reviewer: choice.by.name, annotatorId: choice.by.id, at: createdAt }] : [];
        });
        const dialogueReviews: DialogueReview[] = drafts.map((draft, index) => {
          const choice = perDialogue[index]!;
          return { id: draft.dialogue.id, status: choice.status as DialogueReview['status'], ...(choice.teacherModel !== undefined ? { teacherModel: choice.teacherModel } : {}), reviewer: annotators[0].name, annotatorId: annotators[0].id, at: choice.at };
        });
        const draftRows: DraftRow[] = allTurns.flatMap((turn, index) => {
          const text = perTurn[index]!.choice.draft;
          return text === undefined ? [] : [{ id: `${turn.id}|utterance|text`, dialogueId: turn.dialogueId, target: { kind: 'text-field' as const, turnId: turn.id, fieldId: 'utterance' }, text, base: turn.utterance, updatedAt: createdAt }];
        });
        const layerValues = allTurns.flatMap((turn, index) => {
          const { choice } = perTurn[index]!;
          if (choice.layerFields.length === 0) return [];
          const layer = layers.find((candidate) => candidate.datasetId === drafts.find((draft) => draft.dialogue.id === turn.dialogueId)!.dialogue.datasetId)!;
          return [{ id: `${layer.id}|${turn.id}`, layerId: layer.id, dialogueId: turn.dialogueId, turnId: turn.id, values: Object.fromEntries(choice.layerFields.map((fieldId) => [fieldId, choice.layerValue])) }];
        });
        const firstDialogue = drafts[0]!.dialogue;
        const firstTurn = drafts[0]!.turns[0]!;
        const editLog: EditLogEntry[] = editReasons.map((reason, index) => ({
          seq: index + 1,
          dialogueId: index === 0 ? '' : firstDialogue.id,
          datasetId: firstDialogue.datasetId,
          target: index === 0 ? { kind: 'dataset' } : { kind: 'field', turnId: firstTurn.id, fieldId: 'teacher_intent' },
          before: null,
          after: { codes: ['guide_reasoning'], text: null },
          reviewer: annotators[0].name,
          annotatorId: annotators[0].id,
          reason,
          ...(index === 0 ? { note: 'backup.maieutic' } : {}),
          at: createdAt,
        }));
        const datasetId = firstDialogue.datasetId;
        const group = { group: 'GPT-4o', dialogues: 1, means: scoreRecord(metrics.mean), n: scoreRecord(1), ci95: scoreRecord(null), vacuous3C: 0, withUnknownLabels: 0, withoutLabels: 0 };
        const counts = { turns: 1, teacherTurns: 1, studentTurns: 0, withStrategy: 0, strategies: [], transfer: 0, bloomRated: 0, bloomMin: null, bloomMax: null, intents: [], l3: 0, errors: 0, successes: 0, unknownLabels: 0, labels: 0 };
        const judgeRun = { id: 'judge-run-1', datasetId, name: 'Run 1', rubricSet: { id: SID_RUBRIC_SET.id, version: SID_RUBRIC_SET.version, hash: rubricSetHash(SID_RUBRIC_SET) }, judges: [{ name: 'deepseek' }], settings: { temperature: 0.1 }, samples: 1, createdAt, source: 'import', sourceFile: 'results.jsonl', lines: 1, failed: 0, unmatchedCount: 0, unmatched: [] };
        const tables: GeneratedDatabase = {
          datasets: datasets as never,
          sources: sources.map((source) => {
            const own = drafts.filter((draft) => draft.dialogue.sourceId === source.id);
            return { ...source, dialogues: own.length, turns: own.reduce((sum, draft) => sum + draft.turns.length, 0) };
          }) as never,
          dialogues: drafts.map((draft) => draft.dialogue) as never,
          turnBlocks: packTurnBlocks(drafts.map((draft) => [draft.dialogue.id, draft.turns] as const)) as never,
          annotators: [...annotators] as never,
          fieldReviews: fieldReviews as never,
          turnReviews: turnReviews as never,
          dialogueReviews: dialogueReviews as never,
          drafts: draftRows as never,
          editLog: editLog as never,
          settings: [
            { key: 'reviewerName', value: settings.reviewerName },
            { key: 'labelLanguage', value: settings.language },
            { key: 'backup.keep', value: 7 },
            { key: `suggestionLayer:${datasetId}`, value: layers[0]!.id },
            { key: 'other', value: settings.other },
          ],
          layers: [...layers, ...llmLayers].map((layer) => ({ ...layer, turns: layerValues.filter((row) => row.layerId === layer.id).length })) as never,
          layerValues: layerValues as never,
          metricRuns: [{ id: 'metric-run-1', datasetId, createdAt, appVersion: '0.1.0', layer: { kind: 'layer', layerId: layers[0]!.id }, layerName: layers[0]!.name, scope: 'all', settings: { weights: metricRecord(0.1), threeC: 'vacuous-one', bootstrap: { resamples: metrics.resamples, seed: 7 } }, groups: [group], overall: { ...group, group: 'all' }, sequence: 1 }],
          metricRunScores: [{ runId: 'metric-run-1', datasetId, dialogues: [{ id: firstDialogue.externalId, dialogueId: firstDialogue.id, group: 'GPT-4o', values: metricRecord(metrics.mean), totalScore: metrics.mean, vacuous3C: false, counts, turnsOf: metricRecord([0]) }] }],
          llmJobs: [{ id: 'llm-job-1', datasetId, title: 'Pre-annotate', createdAt, layers: [{ connectionId: 'deepseek', connectionName: 'deepseek', model: 'deepseek-chat', layerId: llmLayers[0]!.id }] }],
          llmCalls: [{ id: `${llmLayers[0]!.id}|${firstDialogue.id}|0`, jobId: 'llm-job-1', layerId: llmLayers[0]!.id, dialogueId: firstDialogue.id, sample: 0, calls: [{ baseURL: 'http://127.0.0.1:1/v1', model: 'deepseek-chat', parameters: { temperature: 0.8 }, template: null, raw: rationale, parseStatus: 'valid', reasons: [], tokens: { input: 10, output: 5 }, latencyMs: 12, attempts: 1, fromCache: false, at: createdAt, appVersion: '0.1.0' }], storedAt: createdAt }],
          promptTemplates: documents.promptTemplates,
          spotChecks: [{ id: 'spot-1', datasetId, name: 'Spot-check 1', createdAt, seed: 42, unit: 'turn', fraction: 0.2, strata: { kind: 'llm-label', fieldId: 'teacher_intent' }, strataCounts: [{ key: 'all', population: allTurns.length, sampled: 1 }], items: [{ dialogueId: firstDialogue.id, turnId: firstTurn.id, stratum: 'all' }], threshold: 0.1, position: 0 }],
          assignments: [{ id: 'assignment-1', datasetId, direction: 'sent', annotatorName: annotators[1].name, sourceDatasetId: datasetId, sourceDatasetName: datasets[0]!.name, dialogueIds: [firstDialogue.id], blind: true, codebookId: DEFAULT_CODEBOOK.id, codebookVersion: DEFAULT_CODEBOOK.version, codebookHash: documents.codebookVersions[0]!.hash, createdAt }],
          adjudications: [{ id: `${firstTurn.id}|teacher_intent`, datasetId, dialogueId: firstDialogue.id, turnId: firstTurn.id, fieldId: 'teacher_intent', status: 'adjudicated', codes: ['guide_reasoning'], text: null, compared: ['llm', 'expert'], agreedWith: ['llm'], decidedBy: annotators[0].id, needsGuidelineUpdate: false, note: rationale, at: createdAt }],
          findingDismissals: [{ id: `rule-1|${firstTurn.id}|teacher_intent`, datasetId, dialogueId: firstDialogue.id, turnId: firstTurn.id, fieldId: 'teacher_intent', ruleId: 'rule-1', note: 'a hint, not a mistake', reviewer: annotators[0].name, annotatorId: annotators[0].id, at: createdAt }],
          codebookVersions: documents.codebookVersions as never,
          rubricSets: documents.rubricSets as never,
          judgeRuns: [judgeRun],
          judgeScores: [{ id: `judge-run-1|${firstDialogue.id}|deepseek|0`, runId: 'judge-run-1', dialogueId: firstDialogue.id, group: 'GPT-4o', externalId: firstDialogue.externalId, judge: 'deepseek', sample: 0, status: 'valid', scores: SID_RUBRIC_SET.rubrics.map((rubric) => ({ rubric: rubric.id, score, rationale })) }],
          expertScores: [{ id: `${datasetId}|${firstDialogue.id}|${judgeRun.rubricSet.hash}|${SID_RUBRIC_SET.rubrics[0]!.id}|${annotators[0].name}`, datasetId, dialogueId: firstDialogue.id, rubricSetId: SID_RUBRIC_SET.id, rubricSetHash: judgeRun.rubricSet.hash, rubric: SID_RUBRIC_SET.rubrics[0]!.id, rater: annotators[0].name, score, rationale, at: createdAt }],
          pairwiseVerdicts: [{ id: `judge-run-1|pair-1|ab|deepseek|0`, runId: 'judge-run-1', pairId: 'pair-1', order: 'ab', dialogueA: firstDialogue.id, dialogueB: drafts.at(-1)!.dialogue.id, groupA: 'GPT-4o', groupB: 'Qwen', judge: 'deepseek', sample: 0, status: 'valid', verdict: 'first', winner: 'A', rationale }],
          scenarioVersions: documents.scenarioVersions,
          generationRuns: [{ id: 'generation-1', title: 'Generate', scenario: { id: documents.scenarioVersions[0]!.scenarioId, version: documents.scenarioVersions[0]!.version, hash: documents.scenarioVersions[0]!.hash }, teachers: [{ connectionId: 'teacher', name: 'teacher', model: 'tutor-7b' }], roleConnections: { student: 'student' }, conversations: 1, createdAt, datasetId: null }],
          generatedConversations: [{ id: 'generation-1|t0-r1|teacher', runId: 'generation-1', payload: { status: 'failed', reasons: [rationale], conversationId: 't0-r1', connectionId: 'teacher', teacherModel: 'tutor-7b', taskIndex: 0, repeatId: 1, row: { topic: rationale }, scenario: { id: documents.scenarioVersions[0]!.scenarioId, version: '1', hash: documents.scenarioVersions[0]!.hash }, roles: {}, turns: [{ role: 'teacher', content: rationale, turnNumber: 1, label: '教师', model: 'tutor-7b', tokens: { input: 1, output: 1 }, cached: false }], assessments: [], preferences: [], tokens: { input: 1, output: 1 }, cached: false } }],
          synthesisSessions: [{ id: 'synthesis-1', title: 'Pilot', spec: documents.spec, specSource: SPEC_SOURCE, specFile: 'elmes-scenegen.yaml', connections: { drafter: 'drafter', generator: 'teacher', judge: 'judge' }, connectionLabels: { drafter: { name: 'drafter', model: 'writer' }, generator: { name: 'teacher', model: 'tutor' }, judge: { name: 'judge', model: 'assessor' } }, answersPerItem: 1, language: 'zh', status: 'between-rounds', stop: null, working: null, savedRubricSets: [], createdAt, updatedAt: createdAt }],
          synthesisRounds: [{ id: 'synthesis-1|0', sessionId: 'synthesis-1', round: 0, jobId: 'job-1', carried: null, payload: null, failure: 'draft {} of round 0 on drafter: no JSON', failureWhy: { code: 'answer-unusable', params: { connection: 'drafter', attempts: 3, purpose: 'synthesis-draft', round: 0 } }, createdAt }],
          synthesisVersions: [{ id: 'synthesis-1|1', sessionId: 'synthesis-1', seq: 1, kind: 'expert-edit', round: 0, metrics: [{ id: 'PER-1', name: synthesisMetric, dimension: 'PER', weight: 0.3, description: synthesisMetric, positiveExample: synthesisMetric, negativeExample: synthesisMetric }], locked: [], by: annotators[0].name, at: createdAt }],
        };
        for (const [table, rows] of Object.entries(tables)) {
          const key = table === 'editLog' ? 'seq' : table === 'settings' ? 'key' : table === 'metricRunScores' ? 'runId' : table === 'promptTemplates' ? 'key' : 'id';
          tables[table] = table === 'editLog' ? rows : [...rows].sort(byKey(key));
        }
        return tables;
      });
    });
  });
