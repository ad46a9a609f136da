/**
 * What the generation-flow specs share: the language switch, the scripted utterances (each names
 * its topic and learning state, so a dialogue's turns can be told from another's), a scenario
 * edited from a template in the Scenarios view and saved, the Start-generation dialog driven to
 * its start, and the job card waited on.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { messageText } from '../support/llm-server';

export async function setLanguage(page: Page, language: 'zh' | 'en'): Promise<void> {
  const html = page.locator('html');
  if (((await html.getAttribute('lang')) === 'zh-CN') !== (language === 'zh')) await page.getByTestId('nav-language').click();
}

type Body = ChatCompletionCreateParamsNonStreaming;

function systemOf(body: Body): string {
  const system = body.messages.find((message) => message.role === 'system');
  return system ? messageText(system) : '';
}

/** The SID student's topic and learning state, read back from its system prompt (the template's wording). */
export function sidStudentOf(body: Body): { topic: string; state: string } {
  const system = systemOf(body);
  return { topic: /讨论主题：([^。\n]+)。/.exec(system)?.[1] ?? '?', state: /你的学习状态：([^。\n]+)。/.exec(system)?.[1] ?? '?' };
}

/** The SID teacher's topic: the first line after the template's opening clause. */
export function sidTeacherTopicOf(body: Body): string {
  return /本节课的主题与目标：\n([^：\n]+)：/.exec(systemOf(body))?.[1] ?? '?';
}

/** What the scripted SID student says at its n-th turn, given the request (its topic and state). */
export function sidStudentLine(turn: number, topic: string, state: string): string {
  return `学生第${turn}轮（${topic}·${state}）：是不是一半？`;
}

/** What the scripted SID teacher says at its n-th turn to a student in `state`; the third closes with [End]. */
export function sidTeacherLine(turn: number, topic: string, state: string): string {
  return turn >= 3 ? `总结（${topic}·${state}）：你自己找到了答案。[End]` : `教师第${turn}问（${topic}·${state}）：你注意到了什么？`;
}

/** The learning state a scripted SID line names (every line names its conversation's). */
export function sidLineState(line: string): string | undefined {
  return /（[^·（）]+·([^（）]+)）/.exec(line)?.[1];
}

/** The six turns of a scripted SID dialogue, in order: the student opens, the teacher ends at its third turn. */
export function sidDialogue(topic: string, state: string): { speaker: 'student' | 'teacher'; text: string }[] {
  return [1, 2, 3].flatMap((turn) => [
    { speaker: 'student' as const, text: sidStudentLine(turn, topic, state) },
    { speaker: 'teacher' as const, text: sidTeacherLine(turn, topic, state) },
  ]);
}

/** The scenario player's `utterance` option for the SID template: the lines above. */
export function sidUtterance(role: 'teacher' | 'student' | 'guide', roleTurn: number, body: Body): string | undefined {
  if (role === 'student') {
    const { topic, state } = sidStudentOf(body);
    return sidStudentLine(roleTurn, topic, state);
  }
  if (role === 'teacher') {
    // the teacher's prompt has no learning state: the student's first line names it
    const opening = body.messages.find((message) => message.role === 'user');
    return sidTeacherLine(roleTurn, sidTeacherTopicOf(body), (opening && sidLineState(messageText(opening))) ?? '?');
  }
  return undefined;
}

/** Opens a bundled template in the Scenarios view (from the Start page) and duplicates it into an editable copy. */
export async function duplicateTemplate(page: Page, file: string): Promise<Locator> {
  await page.getByTestId('nav-home').click();
  await page.getByTestId('start-scenarios').click();
  await expect(page.getByTestId('scenarios-view')).toHaveAttribute('data-status', 'ready');
  await page.locator(`[data-testid="scenario-template"][data-file="${file}"]`).getByTestId('scenario-template-open').click();
  const editor = page.getByTestId('scenario-editor');
  await expect(editor).toHaveAttribute('data-read-only', 'true');
  await page.getByTestId('scenario-duplicate').click();
  await expect(editor).toHaveAttribute('data-read-only', 'false');
  return editor;
}

export async function expectValid(page: Page): Promise<void> {
  const validation = page.getByTestId('scenario-validation');
  await expect(validation).toHaveAttribute('data-checking', 'false');
  await expect(validation).toHaveAttribute('data-valid', 'true');
}

/** Saves the editor's scenario as a version; returns its `id@hash`. */
export async function saveVersion(page: Page): Promise<string> {
  await expectValid(page);
  await page.getByTestId('scenario-save').click();
  await expect(page.getByTestId('scenario-saved')).toBeVisible();
  await expect(page.getByTestId('scenario-editor')).toHaveAttribute('data-dirty', 'false');
  await page.getByTestId('scenario-tab-button-versions').click();
  const version = page.getByTestId('scenario-version');
  await expect(version).toHaveCount(1);
  return (await version.getAttribute('data-row-id')) ?? '';
}

/** The YAML tab's text with `edit` applied (line by line), typed back into it. */
export async function editYaml(page: Page, edit: (lines: string[]) => string[]): Promise<void> {
  await page.getByTestId('scenario-tab-button-yaml').click();
  const yaml = page.getByTestId('scenario-yaml');
  const lines = (await yaml.inputValue()).split('\n');
  await yaml.fill(edit(lines).join('\n'));
  await expectValid(page);
}

/** The job card of the newest job in the Jobs panel. */
export function newestJobCard(page: Page): Locator {
  return page.getByTestId('jobs-panel').getByTestId('job-card').first();
}
