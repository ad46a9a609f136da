/**
 * A scenario file through the Start generation dialog's builder (dialog-choices.ts buildFromChoices,
 * which the engine's buildGenerationDefinition and the plan sit behind), as the app builds a job
 * from a saved scenario version: refused with every problem, or a definition and its plan.
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { generationPlan } from '../../../shared/scenario/run-plan';
import { buildFromChoices, EMPTY_CHOICES } from '../../../renderer/src/features/generation/dialog-choices';
import { INTERNAL, type Classified } from '../classify';
import type { GeneratedKind } from '../generate';

export async function feed(kind: GeneratedKind): Promise<Classified & { said: string }> {
  const path = kind.target as string;
  const source = readFileSync(path, 'utf8');
  const version = { scenarioId: 'fault', origin: basename(path), source };
  const built = buildFromChoices(version, { ...EMPTY_CHOICES, title: 'fault run', teacherIds: ['teacher'], roleConnections: { student: 'student', guide: 'guide' } });
  if (!built.ok) {
    const said = built.problems.join('\n');
    const unclear = built.problems.find((problem) => INTERNAL.test(problem) || !/^(\S+:\d+:\d+: )?[a-z_.]+[\w.[\]]*: \S/.test(problem));
    return unclear ? { outcome: 'unclear-error', detail: unclear.slice(0, 300), said } : { outcome: 'clear-error', detail: built.problems[0].slice(0, 300), said };
  }
  const plan = generationPlan(built.scenario, built.definition);
  return { outcome: 'accepted', detail: `${plan.conversations} conversations, at most ${plan.calls} calls`, said: '' };
}
