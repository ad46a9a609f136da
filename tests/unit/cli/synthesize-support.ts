/**
 * What the synthesize-rubric tests share: a small spec (one metric per dimension, three test
 * items, two anchors), a scripted server that plays every role with synthesisPlayer and can play
 * later rounds otherwise (the round told by the judge calls answered so far), and the command line.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { startLlmServer, synthesisPlayer, synthesisRoleOf, type ChatHandler, type LlmTestServer, type SynthesisPlayerOptions } from '../../support/llm-server';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';

export const KEY = 'sk-synthesize-4f3e2d1c0b9a8f7e6d5c';
export const TEST_ITEMS = 3;
/** draft + test items + one answer and one judge call per item */
export const ROUND_0_CALLS = 2 + 2 * TEST_ITEMS;

export interface SpecOptions {
  dimensions?: string[];
  drift?: number;
  patience?: number;
  maxRounds?: number;
}

export function specYaml(options: SpecOptions = {}): string {
  const ids = options.dimensions ?? ['A', 'B'];
  const dimensions = ids.map((id, index) => `  - id: ${id}
    name: { en: Dim ${id}, zh: 维度${id} }
    weight: ${index === 0 ? 1 - 0.2 * (ids.length - 1) : 0.2}
    description: { en: about ${id}, zh: 关于${id} }`).join('\n');
  return `format: maieutic.synthesis/1
id: test-spec
version: "1"
name: { en: Test rubric, zh: 测试量规 }
scenario: { en: A tutor helps a student, zh: 教师辅导学生 }
dimensions:
${dimensions}
metrics_per_dimension: 1
test_items: ${TEST_ITEMS}
anchors: 2
models: { drafter: drafter, generator: teacher, judge: judge }
range: { min: 1, max: 5 }
thresholds: { floor_share: 0.5, ceiling_share: 0.5, min_sd: 0.5, drift: ${options.drift ?? 4} }
stopping: { max_rounds: ${options.maxRounds ?? 5}, min_gain: 0.05, patience: ${options.patience ?? 2} }
`;
}

/**
 * The player of round r is `rounds[min(r, last)]`. A round's judge calls come after its
 * revisions, so the judge calls answered so far tell the round (every call must reach the
 * server: not for a run that replays from the cache).
 */
export function playerByRound(rounds: readonly SynthesisPlayerOptions[], answers = TEST_ITEMS): ChatHandler {
  const players = rounds.map((options) => synthesisPlayer(options));
  let judged = 0;
  return (request) => {
    const judge = synthesisRoleOf(request.body as ChatCompletionCreateParamsNonStreaming) === 'judge';
    const round = Math.floor(judged / answers);
    if (judge) judged++;
    return players[Math.min(round, players.length - 1)](request);
  };
}

/** Every file under the folder with its text. */
export async function everyFileText(folder: string): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const entry of await readdir(folder, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) texts.set(join(entry.parentPath, entry.name), await readFile(join(entry.parentPath, entry.name), 'utf8'));
  }
  return texts;
}

/** Per test: a temporary folder, the scripted server asking for KEY, KEY in SYNTHESIZE_TEST_KEY. */
export function useSynthesizeHarness() {
  const state = {} as { dir: TempDir; server: LlmTestServer };
  beforeEach(async () => {
    state.dir = await makeTempDir();
    state.server = await startLlmServer({ apiKey: KEY });
    process.env.SYNTHESIZE_TEST_KEY = KEY;
  });
  afterEach(async () => {
    delete process.env.SYNTHESIZE_TEST_KEY;
    await state.server.close();
    await state.dir.remove();
  });
  const paths = () => ({ out: join(state.dir.path, 'rubric.json'), report: join(state.dir.path, 'rubric.rounds.json'), folder: join(state.dir.path, 'rubric.synthesis') });
  async function writeSpec(options: SpecOptions = {}, text = specYaml(options)): Promise<string> {
    const file = join(state.dir.path, 'spec.yaml');
    await writeFile(file, text);
    return file;
  }
  const args = (spec: string, ...extra: string[]) => [
    'synthesize-rubric', spec, '--out', paths().out, '--language', 'en', '--base-url', state.server.baseURL,
    '--model', 'drafter=draft-model', '--model', 'teacher=tutor-model', '--model', 'judge=judge-model', '--api-key-env', 'SYNTHESIZE_TEST_KEY', ...extra,
  ];
  return { state, paths, writeSpec, args };
}
