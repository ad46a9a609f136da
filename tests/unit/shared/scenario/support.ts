import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseScenarioOrThrow } from '../../../../shared/scenario';
import { RESOURCES_DIR } from '../../../support/repo-paths';

export const TEMPLATE_FILES = ['sid-teacher-led.yaml', 'socratic-students.yaml', 'socratic-students-strategies.yaml', 'elmes-single-turn.yaml'] as const;

export function templateText(file: string): string {
  return readFileSync(join(RESOURCES_DIR, 'scenarios', file), 'utf8');
}

export function template(file: (typeof TEMPLATE_FILES)[number]) {
  return parseScenarioOrThrow(templateText(file), file);
}

/** A scenario from lines of YAML (joined with line breaks), for tests that need one small flow. */
export function scenarioFrom(lines: string[]) {
  return parseScenarioOrThrow(lines.join('\n'), 'test.yaml');
}

export const HEADER = [
  'format: maieutic.scenario/1',
  'id: t',
  'version: "1"',
  'name: { en: T, zh: T }',
];
