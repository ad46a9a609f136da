/** The command line of `synthesize-rubric`. */
import type { JudgeLanguage } from '../../../shared/judge';
import { MAX_ANSWERS_PER_ITEM, MAX_SYNTHESIS_ROUNDS } from '../../../shared/synthesis';
import { CLI_INVOCATION } from '../io';
import { CONNECTION_VALUE_OPTIONS, maxAnswerUsage, readConnectionArgs, takeModels, type ConnectionArgs } from './connection-args';
import { numberOption, readOptions } from './option-reader';

export interface SynthesizeArgs extends ConnectionArgs {
  spec: string;
  /** the rubric set's JSON file; the report and the work folder are named after it */
  out: string;
  /** revision rounds at most, overriding the spec's stopping.max_rounds; null: the spec's */
  rounds: number | null;
  language: JudgeLanguage;
  answersPerItem: number;
}

export const SYNTHESIZE_USAGE = `Usage: ${CLI_INVOCATION} synthesize-rubric <spec.yaml> --out RUBRIC.json --base-url URL --model NAME=MODEL [options]

Synthesizes a rubric set from a synthesis spec (template: resources/synthesis/elmes-scenegen.yaml)
on the app's own engine, round by round: round 0 drafts the metrics and the test items, the
generator answers the items and the judge scores every answer on every metric; each later round
revises the metrics judged too strict, too lenient or weak (descriptions and examples only:
names, dimensions and weights never change) and scores the same answers again. The next round
starts from the best round so far (a worse round is rolled back). It stops when every metric is
fine, nothing is left to revise, the rounds run out or the last rounds gained too little
(the spec's stopping rules).

Connections: spec.models names the drafter's (it also revises), the generator's and the judge's
connection. Each gets its endpoint, model and key from, in order: the --connections file, then
--model NAME=MODEL, then --base-url, --model MODEL and --api-key-env (as generate does).
Keys are read from the environment only, and never printed or written.

Writes:
  RUBRIC.json              the best round's rubric set in the judge's format (judge --rubrics
                           reads it), version <spec version>+r<best round>
  RUBRIC.rounds.json       the report: every round's metrics, diagnostics (verdict per metric),
                           anchor drift, decision, revisions and the diff from the version it
                           started from
  RUBRIC.synthesis/        the work folder: rounds.jsonl (one line per finished round) and
                           .maieutic-cache/ (every answer, by its request)
Run the same command again after a stop, a crash or a kill: the finished rounds come from
rounds.jsonl and the finished calls of the round cut short from the cache, free.

Options:
  --out FILE             the rubric set's JSON file (its folder is made when missing)
  --rounds N             revision rounds at most, 0 to ${MAX_SYNTHESIS_ROUNDS} (overrides stopping.max_rounds;
                         0: the draft alone)
  --language zh|en       the prompts' language (default zh)
  --answers-per-item N   answers the generator writes to each test item, 1 to ${MAX_ANSWERS_PER_ITEM} (default 1)
  --base-url URL         the endpoint, up to its version (http://127.0.0.1:11434/v1 for Ollama)
  --model MODEL          the model of every connection not named otherwise
  --model NAME=MODEL     the model of one connection (--model drafter=gpt-4o --model judge=deepseek-chat)
  --connections FILE     per connection: baseURL, model, apiKeyEnv, concurrency, maxAnswerMB
  --api-key-env NAME     the environment variable holding the API key (default OPENAI_API_KEY)
  --concurrency N        calls at once per connection (default 4)
${maxAnswerUsage(25)}
  --timeout S            seconds to wait for one answer, to its last byte (default 300)

One line per round goes to stdout: the share of metrics fine, the verdict of each metric, the
anchor drift (a WARNING line when beyond the spec's threshold), a rollback and the stop reason.
Problems of the spec are printed as file:line:column: path: message. Exit code: 0 done, 1 spec
or input errors or a round that failed (run again to resume), 2 wrong command line.
`;

const VALUE_OPTIONS = ['--out', '--rounds', '--language', '--answers-per-item', ...CONNECTION_VALUE_OPTIONS] as const;

export type SynthesizeParse = { kind: 'help' } | { kind: 'run'; args: SynthesizeArgs } | { kind: 'usage-error'; message: string };

export function parseSynthesizeArgs(argv: readonly string[]): SynthesizeParse {
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
  const taken = takeModels(argv);
  if ('message' in taken) return { kind: 'usage-error', message: taken.message };
  const read = readOptions(taken.rest, VALUE_OPTIONS);
  if (read.kind === 'usage-error') return read;
  const { paths, values } = read;
  if (paths.length !== 1) return { kind: 'usage-error', message: paths.length === 0 ? 'Name the synthesis spec file.' : `Name one spec file; got ${paths.length} (${paths.join(', ')}).` };
  const out = values.get('--out');
  if (!out) return { kind: 'usage-error', message: '--out is required (the rubric set\'s JSON file).' };
  const rounds = numberOption(values, '--rounds', -1, (value) => Number.isInteger(value) && value >= 0 && value <= MAX_SYNTHESIS_ROUNDS, `a whole number from 0 to ${MAX_SYNTHESIS_ROUNDS}`);
  const answersPerItem = numberOption(values, '--answers-per-item', 1, (value) => Number.isInteger(value) && value >= 1 && value <= MAX_ANSWERS_PER_ITEM, `a whole number from 1 to ${MAX_ANSWERS_PER_ITEM}`);
  for (const checked of [rounds, answersPerItem]) if (typeof checked === 'string') return { kind: 'usage-error', message: checked };
  const language = values.get('--language') ?? 'zh';
  if (language !== 'zh' && language !== 'en') return { kind: 'usage-error', message: `--language is zh or en; got "${language}".` };
  const connection = readConnectionArgs(values, taken);
  if ('message' in connection) return { kind: 'usage-error', message: connection.message };
  return { kind: 'run', args: { spec: paths[0], out, rounds: rounds === -1 ? null : (rounds as number), language, answersPerItem: answersPerItem as number, ...connection } };
}
