/**
 * Feeds the kinds that name a runner (tests/fault-suite/runners/<name>.ts) through that runner,
 * in a child process so a hang or a crash of one kind cannot take the test run with it. Each
 * runner drives one app path of its own (a work package, a scenario, an LLM job) and classifies
 * what came out itself, with the words of classify.ts. One JSON line per kind on stdout, as the
 * app-path runner writes them.
 *   node --import tsx tests/fault-suite/runner-child.ts <manifest.json> <first index>
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Classified } from './classify';
import type { GeneratedKind } from './generate';

/** What a runner module exports. */
export interface FaultRunner {
  /** feeds one kind and says what became of it; `said` is every message shown, for `mentions` */
  feed(kind: GeneratedKind): Promise<Classified & { said: string }>;
}

export interface RunnerResult extends Classified {
  index: number;
  said: string;
}

const loaded = new Map<string, FaultRunner>();

async function runnerOf(name: string): Promise<FaultRunner> {
  if (!/^[a-z0-9-]+$/.test(name)) throw new Error(`fault-suite runner name "${name}" is not a plain file name`);
  let runner = loaded.get(name);
  if (!runner) {
    runner = (await import(pathToFileURL(new URL(`./runners/${name}.ts`, import.meta.url).pathname).href)) as FaultRunner;
    loaded.set(name, runner);
  }
  return runner;
}

async function main(): Promise<void> {
  const [manifestPath, first] = process.argv.slice(2);
  const kinds = (JSON.parse(readFileSync(manifestPath!, 'utf8')) as { kinds: GeneratedKind[] }).kinds;
  for (let index = Number(first); index < kinds.length; index++) {
    const kind = kinds[index]!;
    if (kind.runner === null || kind.target === null) continue;
    process.stdout.write(`START ${index}\n`);
    let result: RunnerResult;
    try {
      result = { index, ...(await (await runnerOf(kind.runner)).feed(kind)) };
    } catch (error) {
      result = { index, outcome: 'crash', detail: error instanceof Error ? `${error.name}: ${error.message}` : String(error), said: '' };
    }
    process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
  }
  process.stdout.write('DONE\n');
}

void main();
