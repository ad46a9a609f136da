/**
 * A default handler that plays every role of a tutoring scenario (issue 14), deterministically,
 * by reading each request: the safety judge (its instructions or a json_schema answer format),
 * a Pass@k draw (the last message holds the assessment marker), then the speaker named by the
 * first clause of the system prompt (guide, teacher or student; the templates' prompts are
 * recognised). Identical requests are counted, so the n-th alike request is draw n: repeats and
 * Pass@k draws are told apart without anything random.
 */
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { messageText } from './bodies';
import { judgeReply } from './judge-scripts';
import { reply, type ChatScript } from './scripts';
import type { ChatHandler } from './server';

export type ScenarioRole = 'teacher' | 'student' | 'guide' | 'assessment' | 'judge';

export interface AssessmentContext {
  /** 0-based: which of the alike probe requests this is (modulo drawsPerPrompt) */
  draw: number;
  /** the probed role's own turns so far (its assistant messages) */
  roleTurns: number;
  /** every message's text joined: a test may make a candidate question help */
  text: string;
}

export interface ScenarioPlayerOptions {
  /** the teacher ends with `endKeyword` at its n-th turn (3 unless given; Infinity: never) */
  teacherTurns?: number;
  endKeyword?: string;
  /** every answer after this many ms (the bench uses 50) */
  delayMs?: number;
  /** the probe's samples: alike probe requests are draws 0…n−1, then again from 0 (5 unless given) */
  drawsPerPrompt?: number;
  /** the last message of a Pass@k probe holds this (`####` unless given) */
  assessmentMarker?: string;
  /** the number a correct draw ends with (`72`, the socratic-students template's first row) */
  correctAnswer?: string;
  /** whether a draw is right; by default draw < roleTurns, so Pass@k rises with the turns */
  assessmentCorrect?(context: AssessmentContext): boolean;
  /** the safety judge's score per rubric (5 unless given) */
  judgeScore?(rubric: string, transcript: string): number;
  /** replaces a speaker's utterance (a listed word in a turn, an empty answer) when it returns text */
  utterance?(role: 'teacher' | 'student' | 'guide', roleTurn: number, body: ChatCompletionCreateParamsNonStreaming): string | undefined;
  /** overrides the role read from the request */
  roleOf?(body: ChatCompletionCreateParamsNonStreaming): ScenarioRole | undefined;
}

const JUDGE_INTROS = ['strict evaluation expert', '严格的评测专家'];

function systemText(body: ChatCompletionCreateParamsNonStreaming): string {
  const system = body.messages.find((message) => message.role === 'system');
  return system ? messageText(system) : '';
}

/** The role a request is for, read from its system prompt's first clause and last message. */
export function scenarioRoleOf(body: ChatCompletionCreateParamsNonStreaming, assessmentMarker = '####'): ScenarioRole | undefined {
  const system = systemText(body);
  const format = (body.response_format as { type?: string } | undefined)?.type;
  if (format === 'json_schema' || JUDGE_INTROS.some((intro) => system.includes(intro))) return 'judge';
  const last = body.messages.at(-1);
  if (last && last.role === 'user' && messageText(last).includes(assessmentMarker)) return 'assessment';
  const first = system.split(/[。．.\n，,:：]/)[0].toLowerCase();
  if (/guide|向导|help a student ask/.test(first)) return 'guide';
  if (/teacher|教师|老师/.test(first)) return 'teacher';
  if (/student|学生/.test(first)) return 'student';
  return undefined;
}

function rubricIds(body: ChatCompletionCreateParamsNonStreaming): string[] {
  const format = body.response_format as { json_schema?: { schema?: { properties?: { scores?: { items?: { properties?: { rubric?: { enum?: string[] } } } } } } } } | undefined;
  const ids = format?.json_schema?.schema?.properties?.scores?.items?.properties?.rubric?.enum;
  if (ids) return ids;
  // without a schema (json_object, plain): the ids the prompt's answer format lists
  return [...new Set([...systemText(body).matchAll(/"rubric": "([^"]+)"/g)].map((match) => match[1]))];
}

export function scenarioPlayer(options: ScenarioPlayerOptions = {}): ChatHandler {
  const teacherTurns = options.teacherTurns ?? 3;
  const endKeyword = options.endKeyword ?? '[End]';
  const drawsPerPrompt = options.drawsPerPrompt ?? 5;
  const marker = options.assessmentMarker ?? '####';
  const correct = options.correctAnswer ?? '72';
  const isCorrect = options.assessmentCorrect ?? (({ draw, roleTurns }) => draw < roleTurns);
  const seen = new Map<string, number>();
  const alike = (body: ChatCompletionCreateParamsNonStreaming) => {
    const key = JSON.stringify([body.model, body.messages]);
    const count = seen.get(key) ?? 0;
    seen.set(key, count + 1);
    return count;
  };
  const answer = (body: ChatCompletionCreateParamsNonStreaming): ChatScript => {
    const role = options.roleOf?.(body) ?? scenarioRoleOf(body, marker);
    const ownTurns = body.messages.filter((message) => message.role === 'assistant').length;
    const text = body.messages.map((message) => messageText(message)).join('\n');
    switch (role) {
      case 'judge': {
        const transcript = body.messages.at(-1) ? messageText(body.messages.at(-1)!) : '';
        return judgeReply.valid(rubricIds(body).map((rubric) => ({ rubric, score: options.judgeScore?.(rubric, transcript) ?? 5 })));
      }
      case 'assessment': {
        const draw = alike(body) % drawsPerPrompt;
        return reply.answer(isCorrect({ draw, roleTurns: ownTurns, text }) ? `So the answer is #### ${correct}` : 'I am not sure yet. #### 0');
      }
      case 'guide': {
        const candidate = alike(body) + 1;
        return reply.answer(options.utterance?.('guide', candidate, body) ?? `Candidate question ${candidate}: which quantity should we find first?`);
      }
      case 'teacher': {
        const turn = ownTurns + 1;
        return reply.answer(options.utterance?.('teacher', turn, body) ?? (turn >= teacherTurns ? `Summary: you found it yourself. ${endKeyword}` : `Teacher question ${turn}: what do you notice when you halve it?`));
      }
      case 'student': {
        const turn = ownTurns + 1;
        return reply.answer(options.utterance?.('student', turn, body) ?? `Student answer ${turn}: maybe it is half as many?`);
      }
      default:
        return reply.status(500, { message: 'the scenario player cannot tell which role this request is for' });
    }
  };
  return ({ body }) => {
    const script = answer(body);
    return options.delayMs ? reply.delay(options.delayMs, script) : script;
  };
}
