/** The command line of `annotate`. */
import { CLI_INVOCATION } from '../io';
import { MAX_ANSWER_OPTION, maxAnswerUsage, maxAnswerOption } from './connection-args';
import { numberOption, readOptions } from './option-reader';

export interface AnnotateArgs {
  paths: string[];
  baseURL: string;
  model: string;
  out: string;
  concurrency: number;
  /** share of the dialogues to annotate, (0, 1]; 1 = all */
  sample: number;
  seed: number;
  apiKeyEnv: string;
  timeoutSeconds: number;
  /** --max-answer-mb (undefined: the default) */
  maxAnswerMB: number | undefined;
}

export const ANNOTATE_USAGE = `Usage: ${CLI_INVOCATION} annotate <file or folder>... --base-url URL --model NAME --out FOLDER [options]

Pre-annotates every turn of SID dialogue files with an OpenAI-compatible model (OpenAI, DeepSeek,
DashScope/Qwen, or a local Ollama, vLLM, LM Studio or llama.cpp server), with the prompt and
answer schema built from the default codebook. Each answer is checked (turns, speakers, labels
in the codebook); an answer that does not pass is asked again a few times, then reported as
failed and never written as labels.

Writes one SID JSON Lines file per input file under --out, at the same path relative to the
folder given (so teacher-model folders stay apart), holding the annotated dialogues. --out must
lie apart from the inputs (not one of them, inside one or holding one, links followed), and a
file already there is written over only when an earlier run of the same command (inputs,
endpoint, model, sample) wrote it and it is unchanged since (FOLDER/.maieutic/written.json
records what each run wrote); anything else is refused before any call, naming the file.
Answers are cached under FOLDER/.maieutic/: a second run, or a run after an interruption, asks
only for what no earlier run was answered, and pays for nothing else.

Options:
  --base-url URL     the endpoint, up to its version (http://127.0.0.1:11434/v1 for Ollama)
  --model NAME       the model as the endpoint names it
  --out FOLDER       where the annotated files go (created when missing)
  --concurrency N    calls at once, at most (default 4); lowered on rate limits, raised back
  --sample F         annotate a random share F of the dialogues, 0 < F <= 1 (default 1: all)
  --seed S           the sample's seed (default 7): the same seed picks the same dialogues
  --api-key-env NAME the environment variable holding the API key (default OPENAI_API_KEY);
                     none is needed for a local server
${maxAnswerUsage(21)}
  --timeout S        seconds to wait for one answer, to its last byte (default 300)

Progress goes to stderr, a summary to stdout. Exit code: 0 every dialogue annotated, 1 input
errors or failed dialogues, 2 wrong command line or an --out refused.
`;

const VALUE_OPTIONS = ['--base-url', '--model', '--out', '--concurrency', '--sample', '--seed', '--api-key-env', '--timeout', MAX_ANSWER_OPTION] as const;

export type AnnotateParse = { kind: 'help' } | { kind: 'run'; args: AnnotateArgs } | { kind: 'usage-error'; message: string };

export function parseAnnotateArgs(argv: readonly string[]): AnnotateParse {
  if (argv.includes('--help') || argv.includes('-h')) return { kind: 'help' };
  const read = readOptions(argv, VALUE_OPTIONS);
  if (read.kind === 'usage-error') return read;
  const { paths, values } = read;
  if (paths.length === 0) return { kind: 'usage-error', message: 'Name at least one file or folder to annotate.' };
  for (const required of ['--base-url', '--model', '--out']) if (!values.get(required)) return { kind: 'usage-error', message: `${required} is required.` };
  const number = (name: string, fallback: number, valid: (value: number) => boolean, words: string) => numberOption(values, name, fallback, valid, words);
  const concurrency = number('--concurrency', 4, (value) => Number.isInteger(value) && value >= 1 && value <= 256, 'a whole number from 1 to 256');
  const sample = number('--sample', 1, (value) => value > 0 && value <= 1, 'a share above 0 and at most 1 (0.2 for a fifth)');
  const seed = number('--seed', 7, (value) => Number.isSafeInteger(value) && value >= 0, 'a whole number of 0 or more');
  const timeout = number('--timeout', 300, (value) => Number.isFinite(value) && value > 0 && value <= 3600, 'a number of seconds from above 0 to 3600');
  for (const checked of [concurrency, sample, seed, timeout]) if (typeof checked === 'string') return { kind: 'usage-error', message: checked };
  const maxAnswerMB = maxAnswerOption(values);
  if (typeof maxAnswerMB === 'object') return { kind: 'usage-error', message: maxAnswerMB.message };
  const apiKeyEnv = values.get('--api-key-env') ?? 'OPENAI_API_KEY';
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(apiKeyEnv)) return { kind: 'usage-error', message: `--api-key-env names an environment variable (letters, digits, _); got "${apiKeyEnv}".` };
  return {
    kind: 'run',
    args: { paths, baseURL: values.get('--base-url') as string, model: values.get('--model') as string, out: values.get('--out') as string, concurrency: concurrency as number, sample: sample as number, seed: seed as number, apiKeyEnv, timeoutSeconds: timeout as number, maxAnswerMB },
  };
}
