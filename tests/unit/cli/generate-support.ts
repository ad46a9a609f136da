/** What the generate tests share: the scripted tutoring roles, the SID template cut to size, reading output files. */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseDocument } from 'yaml';
import { afterEach, beforeEach } from 'vitest';
import { reply, startLlmServer, type ChatRequest, type LlmTestServer } from '../../support/llm-server';
import { makeTempDir, type TempDir } from '../../support/temp-dir';
import { RESOURCES_DIR } from '../../support/repo-paths';

export const KEY = 'sk-generate-7a6b5c4d3e2f1a0b9c8d';
export const TEMPLATE = join(RESOURCES_DIR, 'scenarios/sid-teacher-led.yaml');
/** the teacher closes with [End] at its third turn: six turns per dialogue */
export const TEACHER_TURNS = 3;

export const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as Record<string, unknown>);

/**
 * A student and a Socratic teacher told apart by their system prompts; each answer names its turn
 * and what the role's system prompt says of the dialogue's row: the topic (both), the learning
 * state (the student's prompt only).
 */
export function tutoringRoles({ body }: ChatRequest) {
  const messages = body.messages as { role: string; content: string }[];
  const system = messages[0].content;
  const own = messages.filter((message) => message.role === 'assistant').length + 1;
  if (system.includes('苏格拉底式')) {
    const topic = /主题与目标：\n([^：\n]+)/.exec(system)?.[1];
    return reply.answer(own >= TEACHER_TURNS ? `总结：你已经理解了${topic}。[End]` : `第${own}个问题：${topic}为什么会这样？`);
  }
  return reply.answer(`学生的第${own}次回答（${/主题：([^。\n]+)/.exec(system)?.[1]}·${/学习状态：([^。\n]+)/.exec(system)?.[1]}）`);
}

/** The SID template with its first `states` learning states and one repeat. */
export async function sidScenario(dir: string, states: number, edit?: (doc: ReturnType<typeof parseDocument>) => void): Promise<string> {
  const doc = parseDocument(await readFile(TEMPLATE, 'utf8'));
  const list = doc.getIn(['tasks', 'cross', 'learning_states']) as { items: unknown[] };
  list.items.splice(states);
  doc.set('repeats', 1);
  edit?.(doc);
  const file = join(dir, 'scenario.yaml');
  await writeFile(file, doc.toString());
  return file;
}

/** Every file under the folder with its text (binary ones empty). */
export async function everyFileText(folder: string): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  for (const path of await readdir(folder, { recursive: true })) texts.set(path, await readFile(join(folder, path), 'utf8').catch(() => ''));
  return texts;
}

/**
 * Per test: a temporary folder, the scripted server (asking for KEY) and KEY in the environment
 * variable `GENERATE_TEST_KEY`; `args` builds a `generate` command line against that server with
 * the teacher and student placed on two models.
 */
export function useGenerateHarness() {
  const state = {} as { dir: TempDir; server: LlmTestServer };
  beforeEach(async () => {
    state.dir = await makeTempDir();
    state.server = await startLlmServer({ apiKey: KEY });
    process.env.GENERATE_TEST_KEY = KEY;
  });
  afterEach(async () => {
    delete process.env.GENERATE_TEST_KEY;
    await state.server.close();
    await state.dir.remove();
  });
  const args = (scenario: string, out: string, ...extra: string[]) => ['generate', scenario, '--out', out, '--base-url', state.server.baseURL, '--model', 'teacher=tutor-model', '--model', 'student=student-model', '--api-key-env', 'GENERATE_TEST_KEY', ...extra];
  return { state, args };
}
