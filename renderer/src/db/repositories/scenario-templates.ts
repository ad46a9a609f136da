/**
 * The scenario templates bundled with the app (resources/scenarios/*.yaml), read as text by Vite
 * at build time so the renderer needs no file access. They are read-only sources: an expert opens
 * one, duplicates it and saves the copy as a version of their own.
 */
import elmesSingleTurn from '../../../../resources/scenarios/elmes-single-turn.yaml?raw';
import sidTeacherLed from '../../../../resources/scenarios/sid-teacher-led.yaml?raw';
import socraticStudents from '../../../../resources/scenarios/socratic-students.yaml?raw';
import socraticStrategies from '../../../../resources/scenarios/socratic-students-strategies.yaml?raw';
import { parseScenarioOrThrow, scenarioHash } from '../../../../shared/scenario';
import type { Scenario } from '../../../../shared/scenario';

export interface ScenarioTemplate {
  /** the file name in resources/scenarios, also a saved copy's `origin` */
  file: string;
  source: string;
  scenario: Scenario;
  hash: string;
}

/** In the order the editor lists them: teacher-led, student-led (one strategy, then the four compared), single-turn. */
const SOURCES: readonly { file: string; source: string }[] = [
  { file: 'sid-teacher-led.yaml', source: sidTeacherLed },
  { file: 'socratic-students.yaml', source: socraticStudents },
  { file: 'socratic-students-strategies.yaml', source: socraticStrategies },
  { file: 'elmes-single-turn.yaml', source: elmesSingleTurn },
];

let parsed: ScenarioTemplate[] | null = null;

/** The bundled templates, parsed once (a template that does not parse is a build fault: it throws). */
export function scenarioTemplates(): ScenarioTemplate[] {
  parsed ??= SOURCES.map(({ file, source }) => {
    const scenario = parseScenarioOrThrow(source, file);
    return { file, source, scenario, hash: scenarioHash(scenario) };
  });
  return parsed;
}

export function scenarioTemplate(file: string): ScenarioTemplate | undefined {
  return scenarioTemplates().find((template) => template.file === file);
}
