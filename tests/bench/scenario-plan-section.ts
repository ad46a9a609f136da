/**
 * `npm run bench -- scenario-plan`: what a scenario's size costs before a run (issue 30 point 4).
 * The SID template at the conversation limit (10 task rows × 2,000 repeats = 20,000 conversations)
 * built into a job definition and planned (calls and tokens per connection), beside the same
 * template with repeats: 1000000000, refused from the count alone (before the fix it ran out of
 * memory after 35 s); each the median of 3, with this process's heap growth across the step.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { buildGenerationDefinition, generationPlan, parseScenarioYaml } from '../../shared/scenario';
import { median, round } from './bench-math';
import type { BenchSection } from './sections';

const TEMPLATE = fileURLToPath(new URL('../../resources/scenarios/sid-teacher-led.yaml', import.meta.url));
const REPEATS = 3;

function measure(source: string): { ms: number; heapMb: number; outcome: string } {
  const heapBefore = process.memoryUsage().heapUsed;
  const start = performance.now();
  const built = buildGenerationDefinition({ scenarioSource: source, scenarioFile: 'bench.yaml', teacherConnectionIds: ['teacher'], roleConnections: { student: 'student' }, title: 'bench' });
  let outcome: string;
  if (built.ok) {
    const parsed = parseScenarioYaml(source, 'bench.yaml');
    if (!parsed.ok) throw new Error('the bench scenario does not parse');
    const plan = generationPlan(parsed.scenario, built.definition);
    outcome = `${plan.conversations} conversations, at most ${plan.calls} calls`;
  } else outcome = `refused: ${built.problems[0]}`;
  return { ms: performance.now() - start, heapMb: (process.memoryUsage().heapUsed - heapBefore) / 1e6, outcome };
}

function case_(name: string, source: string) {
  measure(source); // warm-up
  const runs = Array.from({ length: REPEATS }, () => measure(source));
  return { name, medianMs: round(median(runs.map((run) => run.ms))), heapGrowthMb: round(median(runs.map((run) => run.heapMb)), 1), outcome: runs[0].outcome };
}

export const scenarioPlanSection: BenchSection = {
  name: 'scenario-plan',
  async run() {
    const template = readFileSync(TEMPLATE, 'utf8');
    const atLimit = case_('at the limit: repeats 2,000', template.replace(/^repeats: 2$/m, 'repeats: 2000'));
    const refused = case_('refused: repeats 1,000,000,000', template.replace(/^repeats: 2$/m, 'repeats: 1000000000'));
    return { cores: availableParallelism(), cases: [atLimit, refused], comparison: 'before the size check, repeats 1,000,000,000 ran out of memory after 35 s (exit 134, the figure issue 30 gives)' };
  },
};
