/**
 * One synthesis round (issue 15). Round 0: the drafter drafts the metrics and the test items, the
 * generator answers each item (answersPerItem times), the first `spec.anchors` answers are frozen
 * as anchors, the judge scores every answer on every metric (one call per answer), then the
 * diagnostics and the objective. Round r ≥ 1: the reviser revises, one call per metric, only the
 * metrics metricsToRevise gives (an answer revisionProblems refuses is asked again, then the
 * metric stays as it was), the judge re-scores the same answers, and drift against round 0 and
 * r − 1 is measured. Both end with afterRound's decision.
 */
import {
  afterRound, anchorDrift, bestRound, draftAnswerSchema, draftMessages, metricDiagnostics, metricsToRevise, metricsToRubricSet, readDraftAnswer,
  readRevisionAnswer, readTestItemsAnswer, reviseMessages, revisionAnswerSchema, roundObjective, testItemMessages, testItemsAnswerSchema,
  type DraftMetric, type MetricRevisionOutcome, type MetricScore, type Round, type SynthesisAnswer, type SynthesisCarried,
  type SynthesisJobParameters, type SynthesisRoundPayload, type SynthesisSpec, type SynthesisTestItem,
} from '../../../shared/synthesis';
import { judgeAnswerSchema, judgeMessages, judgePrompt, judgeResponseFormat, readJudgeAnswer, type JudgeLanguage } from '../../../shared/judge';
import { RESPONSE_FORMAT_LADDER, responseFormatParameter, samplingFor, type SamplingParameters } from '../../../shared/llm';
import type { JsonSchema } from '../../../shared/llm/answer-schema';
import type { Validation } from './endpoint-caller';
import { CallFailed, nonEmptyText, type RoleEndpoint } from './generation-calls';
import type { ResponseFormat } from './llm-client';
import type { SynthesisCalls } from './synthesis-calls';

export interface RoundContext {
  spec: SynthesisSpec;
  parameters: SynthesisJobParameters;
  calls: SynthesisCalls;
  drafter: RoleEndpoint;
  generator: RoleEndpoint;
  /** further teacher models compared with the generator (extraGenerators), in order */
  extraGenerators: RoleEndpoint[];
  judge: RoleEndpoint;
}

const TEXT_ONLY: ResponseFormat[] = [null];

function ladder(schema: JsonSchema): ResponseFormat[] {
  return RESPONSE_FORMAT_LADDER.map((mode) => (responseFormatParameter(mode, schema) ?? null) as ResponseFormat);
}

function checked<T>(read: { ok: true; value: T } | { ok: false; problems: string[] }): Validation<T> {
  return read.ok ? { ok: true, value: read.value } : { ok: false, reasons: read.problems };
}

const GENERATOR_SYSTEM: Record<JudgeLanguage, string> = {
  zh: '你是一名辅导教师。请回应学生或任务给你的开场。',
  en: 'You are a tutor. Respond to the opening a student or task gives you.',
};

async function generateAnswers(context: RoundContext, items: readonly SynthesisTestItem[], language: JudgeLanguage): Promise<SynthesisAnswer[]> {
  const perItem = context.parameters.answersPerItem ?? 1;
  const generators = [context.generator, ...context.extraGenerators];
  const compared = generators.length > 1;
  const answers: SynthesisAnswer[] = [];
  for (const [itemIndex, item] of items.entries()) {
    for (const [g, generator] of generators.entries()) {
      const base = samplingFor(generator.connection, 'rubric-synthesis');
      for (let k = 1; k <= perItem; k++) {
        // a fixed seed would make every answer to an item the same draw
        const sampling: SamplingParameters = base.seed === undefined ? base : { ...base, seed: base.seed + k - 1 };
        const messages = [{ role: 'system' as const, content: GENERATOR_SYSTEM[language] }, { role: 'user' as const, content: item.text }];
        // the generator's key stays as it was before teacher models could be compared: its cached answers still count
        const indexes: Record<string, number> = g === 0 ? { item: itemIndex, answer: k } : { item: itemIndex, answer: k, generator: g + 1 };
        const text = await context.calls.ask(generator, { purpose: 'answer', indexes, messages, sampling }, TEXT_ONLY, nonEmptyText);
        const id = g === 0 ? `${item.id}-a${k}` : `${item.id}-g${g + 1}-a${k}`;
        answers.push(compared ? { id, itemId: item.id, text, generator: generator.connection.id } : { id, itemId: item.id, text });
      }
    }
  }
  return answers;
}

/** The judge's scores of every answer on every metric of `metrics` (this round's rubric set). */
async function scoreAnswers(context: RoundContext, metrics: readonly DraftMetric[], items: readonly SynthesisTestItem[], answers: readonly SynthesisAnswer[], language: JudgeLanguage) {
  const rubricSet = metricsToRubricSet(context.spec, metrics, context.parameters.round);
  const options = { rubricSet, language, reasoningFirst: false };
  const prompt = judgePrompt(options);
  const schema = judgeAnswerSchema(rubricSet, options);
  const formats = RESPONSE_FORMAT_LADDER.map((mode) => (judgeResponseFormat(mode, schema) ?? null) as ResponseFormat);
  const sampling = samplingFor(context.judge.connection, 'judge');
  const itemText = new Map(items.map((item) => [item.id, item.text]));
  const scores: MetricScore[] = [];
  for (const [answerIndex, answer] of answers.entries()) {
    const messages = judgeMessages(prompt, { turns: [{ speaker: 'student', utterance: itemText.get(answer.itemId) ?? '' }, { speaker: 'teacher', utterance: answer.text }] });
    const judged = await context.calls.ask(context.judge, { purpose: 'judge', indexes: { answer: answerIndex }, messages, sampling, responseSchema: schema }, formats, (content) => {
      const read = readJudgeAnswer(rubricSet, content);
      return read.ok ? { ok: true, value: read.scores } : { ok: false, reasons: read.problems.map((problem) => problem.message) };
    });
    // the connection that wrote the answer is the group the diagnostics tell apart (betweenGroups): two connections on one model stay two
    const group = answer.generator;
    for (const { rubric, score, rationale } of judged) scores.push({ answer: answer.id, metric: rubric, score, ...(group === undefined ? {} : { group }), ...(rationale ? { rationale } : {}) });
  }
  return { rubricSet, scores };
}

async function draft(context: RoundContext, language: JudgeLanguage) {
  const sampling = samplingFor(context.drafter.connection, 'rubric-synthesis');
  const metrics = await context.calls.ask(context.drafter, { purpose: 'draft', indexes: {}, messages: draftMessages(context.spec, language), sampling, responseSchema: draftAnswerSchema(context.spec) }, ladder(draftAnswerSchema(context.spec)), (content) => checked(readDraftAnswer(content, context.spec)));
  const schema = testItemsAnswerSchema();
  const testItems = await context.calls.ask(context.drafter, { purpose: 'test-items', indexes: {}, messages: testItemMessages(context.spec, language), sampling, responseSchema: schema }, ladder(schema), (content) => checked(readTestItemsAnswer(content, context.spec)));
  return { metrics, testItems };
}

/** One call per metric to revise, so a refused answer keeps only that metric as it was. */
async function revise(context: RoundContext, carried: SynthesisCarried, language: JudgeLanguage) {
  const best = bestRound(carried.rounds);
  if (!best) throw new Error('a revision round needs the rounds before it');
  const locked = new Set(carried.locked);
  const asked = metricsToRevise({ ...best, locked: carried.locked }).filter((id) => !locked.has(id));
  const sampling = samplingFor(context.drafter.connection, 'rubric-synthesis');
  let metrics = carried.metrics.map((metric) => ({ ...metric }));
  const outcomes: MetricRevisionOutcome[] = [];
  for (const id of asked) {
    const metricIndex = metrics.findIndex((metric) => metric.id === id);
    const before = metrics;
    const schema = revisionAnswerSchema([id]);
    const call = { purpose: 'revise' as const, indexes: { metric: metricIndex }, messages: reviseMessages(context.spec, before, best.diagnostics, [id], language), sampling, responseSchema: schema };
    try {
      const revised = await context.calls.ask(context.drafter, call, ladder(schema), (content) => checked(readRevisionAnswer(content, before, [id], carried.locked)));
      metrics = revised.metrics;
      outcomes.push({ metric: id, status: revised.diff.changes.length > 0 ? 'revised' : 'unchanged', problems: [] });
    } catch (error) {
      if (!(error instanceof CallFailed)) throw error;
      outcomes.push({ metric: id, status: 'refused', problems: [error.message] });
    }
  }
  return { metrics, outcomes };
}

export async function runRound(context: RoundContext): Promise<Omit<SynthesisRoundPayload, 'tokens' | 'cached'>> {
  const { spec, parameters } = context;
  const language = parameters.language ?? 'zh';
  const carried = parameters.carried;
  let metrics: DraftMetric[];
  let testItems: SynthesisTestItem[];
  let answers: SynthesisAnswer[];
  let anchors: string[];
  let revisions: MetricRevisionOutcome[] | null = null;
  if (!carried) {
    const drafted = await draft(context, language);
    metrics = drafted.metrics;
    testItems = drafted.testItems;
    answers = await generateAnswers(context, testItems, language);
    anchors = answers.slice(0, spec.anchors).map((answer) => answer.id);
  } else {
    const revised = await revise(context, carried, language);
    metrics = revised.metrics;
    revisions = revised.outcomes;
    ({ testItems, answers, anchors } = carried);
  }
  const { rubricSet, scores } = await scoreAnswers(context, metrics, testItems, answers, language);
  const ids = metrics.map((metric) => metric.id);
  const anchorSet = new Set(anchors);
  const anchorScores = scores.filter((score) => anchorSet.has(score.answer));
  const diagnostics = metricDiagnostics(ids, scores, spec.range, spec.thresholds);
  const drift = carried ? anchorDrift(ids, carried.firstAnchorScores, parameters.round >= 2 ? carried.previousAnchorScores : null, anchorScores, spec.thresholds.drift) : null;
  const objective = roundObjective(diagnostics);
  const record: Round = { version: parameters.round, metrics, diagnostics, drift, objective, locked: [...(carried?.locked ?? [])], expertEdits: [...(carried?.expertEdits ?? [])] };
  const rounds = [...(carried?.rounds ?? []), record];
  const decision = afterRound(rounds, spec.stopping);
  return {
    round: parameters.round,
    spec: { id: spec.id, version: spec.version, hash: parameters.specHash },
    metrics, rubricSet, testItems, answers, anchors, scores, anchorScores, diagnostics, drift, objective, revisions, record, decision,
    best: bestRound(rounds)?.version ?? parameters.round,
  };
}

