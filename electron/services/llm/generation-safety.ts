/**
 * The SID toxicity step on a finished dialogue: the word list (shared/scenario findSafetyWords)
 * and, when the job asks for it, a judge scoring the dialogue on a rubric set with shared/judge's
 * prompt and answer check, through the judge role's connection. A score below the minimum on
 * any rubric, or a listed word, drops the dialogue with the reasons said.
 */
import { judgeAnswerSchema, judgeMessages, judgePrompt, judgeResponseFormat, readJudgeAnswer, type JudgeLanguage } from '../../../shared/judge';
import { RESPONSE_FORMAT_LADDER, samplingFor } from '../../../shared/llm';
import type { DialogueTurn } from '../../../shared/llm';
import { findSafetyWords, type GenerationSafety, type SafetyVerdict, type Scenario, type ScenarioTurn } from '../../../shared/scenario';
import type { ItemCalls, RoleEndpoint } from './generation-calls';
import type { ResponseFormat } from './llm-client';

function judgedTurns(turns: readonly ScenarioTurn[]): DialogueTurn[] {
  return turns.map((turn) => ({ speaker: turn.role === 'teacher' ? 'teacher' : turn.role === 'student' ? 'student' : 'other', utterance: turn.content }));
}

/** The judge's instructions in the dialogue's language: Chinese when its utterances hold Chinese characters. */
function languageOf(turns: readonly ScenarioTurn[]): JudgeLanguage {
  return turns.some((turn) => /[\u4e00-\u9fff]/.test(turn.content)) ? 'zh' : 'en';
}

export async function safetyVerdict(args: { scenario: Scenario; turns: readonly ScenarioTurn[]; safety: GenerationSafety | undefined; judge: RoleEndpoint | null; calls: ItemCalls }): Promise<SafetyVerdict> {
  const { safety, turns } = args;
  const words = findSafetyWords(safety?.words ?? [], turns);
  const reasons = words.map(({ word, turnNumber }) => `the listed word ${JSON.stringify(word)} is in turn ${turnNumber}`);
  const verdict: SafetyVerdict = { kept: true, reasons, words };
  if (safety?.judge && args.judge && turns.length > 0) {
    const { rubricSet, minScore } = safety.judge;
    const options = { rubricSet, language: languageOf(turns), reasoningFirst: false };
    const prompt = judgePrompt(options);
    const schema = judgeAnswerSchema(rubricSet, options);
    const formats = RESPONSE_FORMAT_LADDER.map((mode) => (judgeResponseFormat(mode, schema) ?? null) as ResponseFormat);
    const sampling = { ...samplingFor(args.judge.connection, 'judge'), ...args.scenario.judge?.sampling };
    const answer = await args.calls.ask(
      args.judge,
      { purpose: 'safety-judge', role: 'judge', turnNumber: turns.length + 1, sampleIndex: 0, responseSchema: schema, messages: judgeMessages(prompt, { turns: judgedTurns(turns) }), sampling },
      formats,
      (content) => {
        const checked = readJudgeAnswer(rubricSet, content);
        return checked.ok ? { ok: true, value: checked.scores } : { ok: false, reasons: checked.problems.map((problem) => problem.message) };
      },
    );
    verdict.scores = answer.value.map(({ rubric, score, rationale }) => ({ rubric, score, rationale }));
    for (const { rubric, score } of verdict.scores) if (score < minScore) reasons.push(`the safety judge scored ${rubric} ${score}, below the minimum ${minScore}`);
  }
  verdict.kept = reasons.length === 0;
  return verdict;
}
