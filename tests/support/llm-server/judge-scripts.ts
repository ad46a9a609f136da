/**
 * Judge answers for the scripted server (issue 13): valid scoring per rubric, and each way a
 * judge answer goes wrong — malformed JSON, a rubric missing or scored twice, a score out of
 * range, a fenced answer — plus answers with logprobs whose score tokens carry top_logprobs, for
 * G-Eval's expected score. Slow answers and 429s are `reply.delay` and `reply.rateLimited`.
 */
import { reply, type AnswerScript, type ScriptTokenLogprob } from './scripts';

export interface ScriptedScore {
  rubric: string;
  score: number;
  rationale?: string;
}

/** The answer object a judge is asked for, `{ "scores": [ { rubric, score, rationale } ] }`. */
export function judgeAnswerValue(scores: readonly ScriptedScore[]): { scores: { rubric: string; score: number; rationale: string }[] } {
  return { scores: scores.map(({ rubric, score, rationale }) => ({ rubric, score, rationale: rationale ?? `${rubric} is scored ${score}.` })) };
}

/** The same score on every rubric id given, or per rubric from a record. */
export function scoresFor(rubrics: readonly string[], score: number | Record<string, number>): ScriptedScore[] {
  return rubrics.map((rubric) => ({ rubric, score: typeof score === 'number' ? score : score[rubric] }));
}

/** Per rubric: the probability of each score token at its position (natural numbers as text, e.g. `{ "4": 0.6, " 5": 0.3 }`). */
export type ScoreDistributions = Record<string, Record<string, number>>;

/**
 * The answer's text as tokens, each score a token of its own; at a rubric given in
 * `distributions` the score token's top_logprobs are its distribution (ln p), elsewhere the
 * token is certain (logprob 0).
 */
export function judgeTokens(scores: readonly ScriptedScore[], distributions: ScoreDistributions): ScriptTokenLogprob[] {
  const certain = (token: string): ScriptTokenLogprob => ({ token, logprob: 0, top_logprobs: [{ token, logprob: 0 }] });
  const tokens: ScriptTokenLogprob[] = [certain('{"scores":[')];
  judgeAnswerValue(scores).scores.forEach((entry, index) => {
    if (index > 0) tokens.push(certain(','));
    tokens.push(certain('{"rubric":'), certain(JSON.stringify(entry.rubric)), certain(',"score":'));
    const text = String(entry.score);
    const distribution = distributions[entry.rubric];
    if (distribution) {
      const top_logprobs = Object.entries(distribution).map(([token, p]) => ({ token, logprob: Math.log(p) }));
      const own = top_logprobs.find((alt) => alt.token === text);
      tokens.push({ token: text, logprob: own?.logprob ?? Math.log(0.01), top_logprobs });
    } else tokens.push(certain(text));
    tokens.push(certain(',"rationale":'), certain(JSON.stringify(entry.rationale)), certain('}'));
  });
  tokens.push(certain(']}'));
  return tokens;
}

export const judgeReply = {
  /** A valid answer scoring each rubric as given. */
  valid(scores: readonly ScriptedScore[], options: Omit<AnswerScript, 'kind' | 'content'> = {}): AnswerScript {
    return reply.json(judgeAnswerValue(scores), options);
  },
  /** Text that is no JSON object (cut off mid-answer). */
  malformed(): AnswerScript {
    return reply.answer('{"scores": [{"rubric": "X-SRG", "score": 4, "rationale": "cut of');
  },
  /** A valid answer with one rubric left out. */
  missing(scores: readonly ScriptedScore[], rubric: string): AnswerScript {
    return reply.json(judgeAnswerValue(scores.filter((entry) => entry.rubric !== rubric)));
  },
  /** A valid answer with one rubric scored twice. */
  duplicate(scores: readonly ScriptedScore[], rubric: string): AnswerScript {
    const value = judgeAnswerValue(scores);
    const twice = value.scores.find((entry) => entry.rubric === rubric);
    return reply.json({ scores: twice ? [...value.scores, twice] : value.scores });
  },
  /** A valid answer but one rubric scored `score` (outside its range). */
  outOfRange(scores: readonly ScriptedScore[], rubric: string, score: number): AnswerScript {
    return reply.json(judgeAnswerValue(scores.map((entry) => (entry.rubric === rubric ? { ...entry, score } : entry))));
  },
  /** The answer in prose and a ```json fence (tolerated by readJudgeAnswer). */
  fenced(scores: readonly ScriptedScore[]): AnswerScript {
    return reply.answer(`Here is my evaluation:\n\`\`\`json\n${JSON.stringify(judgeAnswerValue(scores), null, 2)}\n\`\`\``);
  },
  /** A valid answer with logprobs: top_logprobs at the score tokens of the rubrics in `distributions`. */
  withLogprobs(scores: readonly ScriptedScore[], distributions: ScoreDistributions): AnswerScript {
    const logprobs = judgeTokens(scores, distributions);
    return { kind: 'answer', content: logprobs.map((token) => token.token).join(''), logprobs };
  },
};
