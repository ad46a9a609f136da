/** The command line of `judge`. */
import { MAX_SAMPLES_PER_ITEM } from '../../../shared/jobs';
import { MAX_TOP_LOGPROBS, type JudgeLanguage } from '../../../shared/judge';
import { CLI_INVOCATION } from '../io';
import { MAX_ANSWER_OPTION, maxAnswerUsage, maxAnswerOption } from './connection-args';
import { numberOption, readOptions } from './option-reader';

export interface JudgeArgs {
  paths: string[];
  baseURL: string;
  model: string;
  out: string;
  /** 'sid' or a rubric-set JSON file */
  rubrics: string;
  samples: number;
  concurrency: number;
  language: JudgeLanguage;
  reasoningFirst: boolean;
  /** top logprobs per token to ask for; 0: none */
  logprobs: number;
  apiKeyEnv: string;
  timeoutSeconds: number;
  /** --max-answer-mb (undefined: the default) */
  maxAnswerMB: number | undefined;
  /** through the OpenAI Batch API */
  batch: boolean;
  pollSeconds: number;
  /** compare two groups' dialogues pair by pair instead of scoring them */
  pairwise: boolean;
  /** --groups A,B: the two groups compared, among the inputs' groups; null: the inputs' only two */
  groups: [string, string] | null;
}

export const JUDGE_USAGE = `Usage: ${CLI_INVOCATION} judge <file or folder>... --base-url URL --model NAME --out results.jsonl [options]

Scores every dialogue of SID dialogue files on a rubric set with an OpenAI-compatible model as
the judge (the SID paper's settings: temperature 0.1, top_p 0.9, max_tokens 1024, one JSON
object with a score and a rationale per rubric). An answer that misses or repeats a rubric,
scores out of range or is no JSON is asked again a few times, then written as a failed line
with its reasons, never as a score.

Writes one JSON line per dialogue, judge and sample to --out: {dialogue, group, judge, sample,
rubricSet, status, scores: [{rubric, score, rationale, expected?}], reason?}, the dialogue as
<topic_id>-<student_id>-<repeat_id> (else <file>:<line>) and the group the folder holding its
file (the teacher model), as the metrics command names them; judge-report reads it. A dialogue id
met again in a group is judged too, as <id>#2, #3… in the order read, with a warning naming both
places. The file is
appended to as answers come: a second run with the same --out asks only for the dialogues,
samples and judges it does not hold a valid line for: a failed line (the endpoint's 500s, rate
limits, time-outs, answers that never validated) is asked again and replaced, and the summary
says how many were retried. Valid answers are also cached beside it (<out>.maieutic/).

Options:
  --base-url URL       the endpoint, up to its version (http://127.0.0.1:11434/v1 for Ollama)
  --model NAME         the judge model as the endpoint names it (the "judge" of each line)
  --out FILE           the results file (created when missing, appended to otherwise), not an
                       input file nor inside an input folder
  --rubrics sid|FILE   the SID rubrics (default) or a rubric-set JSON file
  --samples N          answers per dialogue, 1 to ${MAX_SAMPLES_PER_ITEM} (default 1): their mean and variance per dialogue
  --concurrency N      calls at once, at most (default 4); lowered on rate limits, raised back
  --language zh|en     the language of the prompt (default zh)
  --reasoning-first    ask for the rationale before the score
  --logprobs K         ask for K top logprobs per token (1 to ${MAX_TOP_LOGPROBS}) and write G-Eval's
                       probability-weighted score as "expected" beside each score
  --api-key-env NAME   the environment variable holding the API key (default OPENAI_API_KEY);
                       none is needed for a local server
${maxAnswerUsage(23)}
  --timeout S          seconds to wait for one answer, to its last byte (default 300)

  --batch              send the requests as one OpenAI Batch API job (files and batches endpoints;
                       half the price on OpenAI, answers within 24 h): uploaded, polled, joined back
                       by custom_id and checked like live answers; any the batch did not answer
                       validly are then asked live. A run stopped while the batch waits resumes it
  --poll S             seconds between polls of the batch (default 30)

  --pairwise           compare two teacher models instead of scoring: ${CLI_INVOCATION} judge GPT-4o/ Qwen/
                       --pairwise ... --out pairs.jsonl. Group A is the folder of the first input
                       (or see --groups), group B the other; their dialogues are paired by topic_id and student_id
                       (and repeat_id when both have one), the unpaired ones listed on stderr. Each
                       pair is asked in both orders (A shown first: "ab", B first: "ba") with the
                       rubric set's rubrics as the criteria; the judge answers {"verdict":
                       "first"|"second"|"tie", "rationale"}. Writes one line per pair, order, judge
                       and sample: {pair, groupA, groupB, dialogueA, dialogueB, order, judge, sample,
                       rubricSet, status, verdict?, winner? ("A"|"B"|"tie"), rationale?, reason?},
                       resumable like the scores; judge-report counts only verdicts both orders
                       agree on and reports the position-inconsistency rate; --batch works for
                       pairs as for scores
  --groups A,B         with --pairwise: which groups are A and B (needed when the inputs hold
                       more than two; A is otherwise the group of the first dialogue read)

Progress goes to stderr, a summary to stdout. Exit code: 0 every answer valid, 1 input errors or
failed answers, 2 wrong command line (an --out among the inputs included).
`;

const VALUE_OPTIONS = ['--base-url', '--model', '--out', '--rubrics', '--samples', '--concurrency', '--language', '--logprobs', '--api-key-env', '--timeout', MAX_ANSWER_OPTION, '--poll', '--groups'] as const;
const FLAGS = ['--reasoning-first', '--batch', '--pairwise'] as const;

export type JudgeParse = { kind: 'help' } | { kind: 'run'; args: JudgeArgs } | { kind: 'usage-error'; message: string };

export function parseJudgeArgs(argv: readonly string[]): JudgeParse {
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
  const read = readOptions(argv, VALUE_OPTIONS, FLAGS);
  if (read.kind === 'usage-error') return read;
  const { paths, values, flags } = read;
  if (paths.length === 0) return { kind: 'usage-error', message: 'Name at least one file or folder to judge.' };
  for (const required of ['--base-url', '--model', '--out']) if (!values.get(required)) return { kind: 'usage-error', message: `${required} is required.` };
  const number = (name: string, fallback: number, valid: (value: number) => boolean, words: string) => numberOption(values, name, fallback, valid, words);
  const samples = number('--samples', 1, (value) => Number.isInteger(value) && value >= 1 && value <= MAX_SAMPLES_PER_ITEM, `a whole number from 1 to ${MAX_SAMPLES_PER_ITEM}`);
  const concurrency = number('--concurrency', 4, (value) => Number.isInteger(value) && value >= 1 && value <= 256, 'a whole number from 1 to 256');
  const logprobs = number('--logprobs', 0, (value) => Number.isInteger(value) && value >= 1 && value <= MAX_TOP_LOGPROBS, `a whole number from 1 to ${MAX_TOP_LOGPROBS}`);
  const timeout = number('--timeout', 300, (value) => Number.isFinite(value) && value > 0 && value <= 3600, 'a number of seconds from above 0 to 3600');
  const poll = number('--poll', 30, (value) => Number.isFinite(value) && value > 0 && value <= 3600, 'a number of seconds from above 0 to 3600');
  for (const checked of [samples, concurrency, logprobs, timeout, poll]) if (typeof checked === 'string') return { kind: 'usage-error', message: checked };
  const maxAnswerMB = maxAnswerOption(values);
  if (typeof maxAnswerMB === 'object') return { kind: 'usage-error', message: maxAnswerMB.message };
  const language = values.get('--language') ?? 'zh';
  if (language !== 'zh' && language !== 'en') return { kind: 'usage-error', message: `--language is zh or en; got "${language}".` };
  const apiKeyEnv = values.get('--api-key-env') ?? 'OPENAI_API_KEY';
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(apiKeyEnv)) return { kind: 'usage-error', message: `--api-key-env names an environment variable (letters, digits, _); got "${apiKeyEnv}".` };
  const pairwise = flags.has('--pairwise');
  let groups: [string, string] | null = null;
  const groupsOption = values.get('--groups');
  if (groupsOption !== undefined) {
    if (!pairwise) return { kind: 'usage-error', message: '--groups is for --pairwise.' };
    const named = groupsOption.split(',').map((group) => group.trim());
    if (named.length !== 2 || named.some((group) => group === '') || named[0] === named[1]) return { kind: 'usage-error', message: `--groups names two different groups as A,B; got "${groupsOption}".` };
    groups = [named[0], named[1]];
  }
  if (pairwise && values.has('--logprobs')) return { kind: 'usage-error', message: '--logprobs is for scores; a pairwise verdict has no score to weigh.' };
  return {
    kind: 'run',
    args: {
      paths,
      baseURL: values.get('--base-url') as string,
      model: values.get('--model') as string,
      out: values.get('--out') as string,
      rubrics: values.get('--rubrics') ?? 'sid',
      samples: samples as number,
      concurrency: concurrency as number,
      language,
      reasoningFirst: flags.has('--reasoning-first'),
      logprobs: logprobs as number,
      apiKeyEnv,
      timeoutSeconds: timeout as number,
      maxAnswerMB,
      batch: flags.has('--batch'),
      pollSeconds: poll as number,
      pairwise,
      groups,
    },
  };
}
