/**
 * Problems of a scenario or synthesis spec in the reader's language (issue 30 point 12): every
 * problem carries a code, every code has words in Chinese and English, and the Chinese interface
 * shows the Chinese sentence with the YAML library's (or the format check's) English text beside
 * it as the detail, as plain text.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import type { LabelLanguage } from '../../../../shared/codebook/types';
import { parseScenarioYaml } from '../../../../shared/scenario';
import { CONFIG_PROBLEM_CODES } from '../../../../shared/scenario/yaml-file';
import { parseSynthesisSpec } from '../../../../shared/synthesis';

const language = vi.hoisted(() => ({ current: 'en' as LabelLanguage }));
vi.mock('../../../../renderer/src/i18n/index', async (original) => ({ ...(await original<object>()), useLanguage: () => language.current }));

const { ConfigProblemText } = await import('../../../../renderer/src/features/config-files/ConfigProblemText');
const { CONFIG_PROBLEM_WORDS } = await import('../../../../renderer/src/features/config-files/strings');

const HAN = /[\u4e00-\u9fff]/;

const problemsOf = (text: string) => {
  const result = parseScenarioYaml(text, 'scenario.yaml');
  return result.ok ? [] : result.problems;
};

describe('config-file problems in both languages', () => {
  it('has Chinese and English words for every problem code', () => {
    expect(Object.keys(CONFIG_PROBLEM_WORDS).sort()).toEqual([...CONFIG_PROBLEM_CODES].sort());
    for (const code of CONFIG_PROBLEM_CODES) {
      expect(CONFIG_PROBLEM_WORDS[code].zh, code).toMatch(HAN);
      expect(CONFIG_PROBLEM_WORDS[code].en, code).toMatch(/^[\x20-\x7e…]+$/);
    }
  });

  it.each([
    ['yaml-syntax', 'a: "unterminated\n'],
    ['multiple-documents', 'a: 1\n---\nb: 2\n'],
    ['duplicate-key', 'a: 1\na: 2\n'],
    ['not-a-mapping', '- a\n- b\n'],
    ['too-deep', `a: ${'['.repeat(70)}${']'.repeat(70)}\n`],
    ['format', 'format: maieutic-scenario/1\nunknown: 1\n'],
  ])('gives a %s problem its code, and shows it in Chinese with the English text as the detail', (code, text) => {
    const problem = problemsOf(text)[0];
    expect(problem?.code).toBe(code);
    language.current = 'zh';
    const zh = renderToStaticMarkup(createElement(ConfigProblemText, { problem }));
    expect(zh).toContain(CONFIG_PROBLEM_WORDS[problem.code].zh);
    expect(zh).toContain('详情：');
    expect(zh).toContain(`<code>${(problem.path ? `${problem.path}: ${problem.message}` : problem.message).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}</code>`);
    language.current = 'en';
    expect(renderToStaticMarkup(createElement(ConfigProblemText, { problem }))).toContain(CONFIG_PROBLEM_WORDS[problem.code].en);
  });

  it('codes a synthesis spec’s problems too', () => {
    const result = parseSynthesisSpec('format: [\n', 'spec.yaml');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problems.every((problem) => CONFIG_PROBLEM_CODES.includes(problem.code))).toBe(true);
  });

  it('shows a file’s text as text, never as markup', () => {
    language.current = 'zh';
    const html = renderToStaticMarkup(createElement(ConfigProblemText, { problem: { code: 'format', path: 'name', message: '<img src=x onerror=alert(1)>' } }));
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;img');
  });
});
