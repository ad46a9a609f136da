/** The command line of `generate`. */
import { CLI_INVOCATION } from '../io';
import { CONNECTION_VALUE_OPTIONS, maxAnswerUsage, readConnectionArgs, takeModels, type ConnectionArgs } from './connection-args';
import { numberOption, readOptions } from './option-reader';

export interface GenerateArgs extends ConnectionArgs {
  scenario: string;
  /** null only with --dry-run, which writes nothing */
  out: string | null;
  /** print the plan (conversations, calls and tokens per connection, cost where priced) and make no call */
  dryRun: boolean;
  /** with --dry-run: the plan as one JSON object on stdout */
  json: boolean;
  /** new conversations to finish in this run at most (the rest waits for the next run); null: all */
  limit: number | null;
  /** a file of words, one a line: a dialogue holding one is dropped */
  safetyWords: string | null;
  /** the safety judge (the scenario's judge role) drops a dialogue scored below this on any rubric */
  safetyMinScore: number | null;
  /** preference branches before these student turns (1-based), with this many candidates */
  preference: { atStudentTurns: number[]; candidates: number } | null;
}

export const GENERATE_USAGE = `Usage: ${CLI_INVOCATION} generate <scenario.yaml> --out FOLDER --base-url URL --model NAME [options]
       ${CLI_INVOCATION} generate <scenario.yaml> --dry-run [--json] [--out FOLDER] [connection options]

Generates the scenario's tutoring dialogues with OpenAI-compatible models, on the app's own
engine: every task row × repeat is one conversation, run once per teacher connection (the teacher
is the model under test). Turns within a conversation are sequential; conversations run side by
side up to --concurrency.

Connections: each role of the scenario names a connection (roles.teacher.connection: teacher).
A connection gets its endpoint, model and key from, in order: the --connections file, then
--model NAME=MODEL, then --base-url, --model MODEL and --api-key-env. The file is JSON:
  { "teacher": { "baseURL": "https://api.deepseek.com/v1", "model": "deepseek-chat", "apiKeyEnv": "DEEPSEEK_API_KEY",
                 "price": { "inputPerMillion": 0.27, "outputPerMillion": 1.1 } },
    "student": { "model": "qwen-plus", "concurrency": 8 } }
(price, in the endpoint's currency per million tokens, is only used for --dry-run's cost estimate)
Keys are read from the environment only, and never printed or written.

Writes into --out (made when missing):
  conversations.jsonl      one JSON line per finished conversation and teacher (the engine's
                           payload: turns with their models and tokens, the Pass@k probes, the
                           preference branches, the safety verdict), appended as each finishes
  <teacher model>.jsonl    at the end: SID-native dialogues per teacher model (open them in the
                           app, or run validate, metrics and judge on them), each under ids of its
                           own: task rows naming one topic_id and student_id number their
                           repeat_ids on across those rows, in row order (said before the run)
  dropped.jsonl            the dialogues left out of those: dropped by the safety step, or failed
                           (a call failed for good), with the reasons
  learning-curve.csv       when the scenario has an assessment: Pass@k per turn
  preferences.dpo.jsonl, preferences.sft.jsonl, DATA_CARD.md   when preference pairs were made
  .maieutic-cache/         every answer, by its request
A second run with the same --out generates only the conversations conversations.jsonl does not
hold finished (a failed one is tried again); a conversation stopped midway, or failed, replays its
finished turns from the cache, free.

Options:
  --out FOLDER           where the files go (created when missing)
  --concurrency N        conversations at once, and calls at once per connection (default 4;
                         lowered on rate limits, raised back)
  --base-url URL         the endpoint, up to its version (http://127.0.0.1:11434/v1 for Ollama)
  --model MODEL          the model of every connection not named otherwise
  --model NAME=MODEL     the model of one connection (repeatable: --model teacher=gpt-4o --model student=qwen-plus)
  --connections FILE     per connection: baseURL, model, apiKeyEnv, concurrency, maxAnswerMB (see above)
  --api-key-env NAME     the environment variable holding the API key (default OPENAI_API_KEY);
                         none is needed for a local server
${maxAnswerUsage(25)}
  --timeout S            seconds to wait for one answer, to its last byte (default 300)
  --limit N              finish at most N more conversations in this run, then stop (resume later)
  --dry-run              print the plan and make no call: task rows × repeats = conversations per
                         teacher, the turn budget, and per connection the calls at most, the
                         estimated tokens and (when it has a price) the cost; with --out, how
                         many conversations are already there. --out, --base-url and --model
                         are optional with it (a connection not placed is planned by its name)
  --json                 with --dry-run: the plan as one JSON object

  --safety-words FILE    SID's toxicity step: a dialogue with one of these words (one a line; blank
                         lines and lines starting with # skipped) in any turn is dropped (dropped.jsonl)
  --safety-min-score S   and/or the scenario's judge role scores each finished dialogue on its
                         rubric_set (sid, or a rubric-set JSON file relative to the scenario):
                         a score below S on any rubric drops it
  --preference-at N,...  preference pairs (needs a guide role and an assessment): before these
                         student turns the guide proposes --candidates questions, each answered by
                         the teacher and scored by the Pass@k probe; the summary counts the DPO
                         pairs and, per reason, what made none (no candidate differed in Pass@k, a
                         dialogue ended before the turn, a failed or dropped conversation)
  --candidates K         candidates per branch, 2 to 10 (default 2)

Sizes: a scenario plans at most 20,000 conversations (task rows × repeats) and 20,000 task rows
(rows × cross lists), a conversation takes at most 1,000 turns (flow.max_turns) and the Pass@k
probe draws at most 100 answers (assessment.samples); a scenario over one is refused, naming the
figure and the limit, before anything is expanded or asked.

Validation problems of the scenario are printed as file:line:column: path: message. Progress goes
to stderr, a summary to stdout. Exit code: 0 every conversation finished, 1 scenario or input
errors or failed conversations, 2 wrong command line.
`;

const VALUE_OPTIONS = ['--out', ...CONNECTION_VALUE_OPTIONS, '--limit', '--safety-words', '--safety-min-score', '--preference-at', '--candidates'] as const;
const FLAG_OPTIONS = ['--dry-run', '--json'] as const;

export type GenerateParse = { kind: 'help' } | { kind: 'run'; args: GenerateArgs } | { kind: 'usage-error'; message: string };

export function parseGenerateArgs(argv: readonly string[]): GenerateParse {
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
  const taken = takeModels(argv);
  if ('message' in taken) return { kind: 'usage-error', message: taken.message };
  const read = readOptions(taken.rest, VALUE_OPTIONS, FLAG_OPTIONS);
  if (read.kind === 'usage-error') return read;
  const { paths, values, flags } = read;
  if (paths.length !== 1) return { kind: 'usage-error', message: paths.length === 0 ? 'Name the scenario file to generate from.' : `Name one scenario file; got ${paths.length} (${paths.join(', ')}).` };
  const dryRun = flags.has('--dry-run');
  if (!dryRun && !values.get('--out')) return { kind: 'usage-error', message: '--out is required (or --dry-run, to see the plan).' };
  if (flags.has('--json') && !dryRun) return { kind: 'usage-error', message: '--json is for --dry-run.' };
  const number = (name: string, fallback: number, valid: (value: number) => boolean, words: string) => numberOption(values, name, fallback, valid, words);
  const limit = number('--limit', 0, (value) => Number.isInteger(value) && value >= 1, 'a whole number from 1');
  const minScore = number('--safety-min-score', 0, Number.isFinite, 'a number');
  const candidates = number('--candidates', 2, (value) => Number.isInteger(value) && value >= 2 && value <= 10, 'a whole number from 2 to 10');
  for (const checked of [limit, minScore, candidates]) if (typeof checked === 'string') return { kind: 'usage-error', message: checked };
  const turnsOption = values.get('--preference-at');
  const atStudentTurns = turnsOption === undefined ? [] : turnsOption.split(',').map((turn) => Number(turn.trim()));
  if (turnsOption !== undefined && (atStudentTurns.length === 0 || atStudentTurns.some((turn) => !Number.isInteger(turn) || turn < 1) || new Set(atStudentTurns).size !== atStudentTurns.length)) return { kind: 'usage-error', message: `--preference-at lists student turns as whole numbers from 1, each once (1,3); got "${turnsOption}".` };
  if (turnsOption === undefined && values.has('--candidates')) return { kind: 'usage-error', message: '--candidates is for --preference-at.' };
  // a dry run calls nothing, so it needs no endpoint
  const connection = readConnectionArgs(values, taken, { endpointOptional: dryRun });
  if ('message' in connection) return { kind: 'usage-error', message: connection.message };
  return {
    kind: 'run',
    args: {
      scenario: paths[0],
      out: values.get('--out') || null,
      dryRun,
      json: flags.has('--json'),
      ...connection,
      limit: limit === 0 ? null : (limit as number),
      safetyWords: values.get('--safety-words') ?? null,
      safetyMinScore: values.has('--safety-min-score') ? (minScore as number) : null,
      preference: turnsOption === undefined ? null : { atStudentTurns, candidates: candidates as number },
    },
  };
}
