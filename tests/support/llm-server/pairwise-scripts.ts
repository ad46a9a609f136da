/**
 * Pairwise verdicts for the scripted server (issue 13): a judge that answers deterministically
 * from which dialogue it is shown first and second, either consistent (it names the better
 * dialogue wherever it stands) or position-biased (always "first"), plus the malformed answers
 * a pairwise judge can give. Dialogues are recognised by a marker in their first utterance,
 * `"<id> turn 1:`, as the judge tests write them, in whichever language the prompt is.
 */
import type { ChatHandler } from './server';
import { reply, type AnswerScript, type ChatScript } from './scripts';

export type ScriptedVerdict = 'first' | 'second' | 'tie';

export const pairwiseReply = {
  verdict(verdict: ScriptedVerdict, rationale = `The ${verdict} one tutors better.`): AnswerScript {
    return reply.json({ verdict, rationale });
  },
  /** Cut off mid-answer: no JSON object. */
  malformed(): AnswerScript {
    return reply.answer('{"verdict": "fir');
  },
  /** Well-formed JSON naming a model instead of a position. */
  unknownVerdict(): AnswerScript {
    return reply.json({ verdict: 'A', rationale: 'A is better.' });
  },
  /** A <think> block and a ```json fence around a valid verdict (tolerated). */
  fenced(verdict: ScriptedVerdict): AnswerScript {
    return reply.answer(`<think>compare them</think>\nMy verdict:\n\`\`\`json\n{"verdict": "${verdict}", "rationale": "fenced"}\n\`\`\``);
  },
};

/** The dialogue ids a pairwise request shows, in the order shown (first, then second). */
export function shownDialogues(body: { messages: { content?: unknown }[] }): string[] {
  const user = String(body.messages.at(-1)?.content ?? '');
  return [...user.matchAll(/"([A-Za-z0-9_.-]+) turn 1:/g)].map((match) => match[1]);
}

export interface PairwiseJudgeOptions {
  /** the better of the two dialogue ids, or 'tie'; asked with the ids in a fixed (sorted) order so the answer cannot depend on position */
  better(one: string, other: string): string | 'tie';
  /** 'first': a position-biased judge, always answering "first" */
  bias?: 'first';
  /** a script to answer instead (malformed answers, failures) for these two dialogues as shown, or undefined */
  override?(first: string, second: string): ChatScript | undefined;
}

/** A default handler judging pairs as the options say. */
export function pairwiseJudge(options: PairwiseJudgeOptions): ChatHandler {
  return ({ body }) => {
    const [first, second] = shownDialogues(body);
    if (first === undefined || second === undefined) return reply.status(400, { message: `llm test server: a pairwise request shows two dialogues (found ${[first, second].filter(Boolean).length})` });
    const scripted = options.override?.(first, second);
    if (scripted) return scripted;
    if (options.bias === 'first') return pairwiseReply.verdict('first');
    const [one, other] = [first, second].sort();
    const better = options.better(one, other);
    return pairwiseReply.verdict(better === 'tie' ? 'tie' : better === first ? 'first' : 'second');
  };
}
