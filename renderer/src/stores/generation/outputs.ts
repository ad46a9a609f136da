/**
 * A generation run's outputs for the renderer: shared/scenario's (sid-output, learning-curve,
 * preference-*), with two words of the runs view: a curve per student model, strategy and (when
 * several) teacher model; and a left-out conversation is 'dropped' or 'failed'.
 */
import { droppedConversations as sharedDropped, learningCurves as sharedLearningCurves, type LearningCurve, type LearningCurveOptions } from '../../../../shared/scenario';
import type { GenerationJobPayload } from '../../../../shared/scenario/generation-job';

export {
  sidJsonlByTeacher, learningCurvesCsv, preferencePairs, dpoJsonl, sftJsonl, preferenceDataCard,
  type LearningCurve, type LearningCurvePoint, type PreferencePair,
} from '../../../../shared/scenario';

export interface DroppedConversation {
  conversationId: string;
  teacherModel: string;
  reasons: string[];
  status: 'dropped' | 'failed';
}

export function droppedConversations(payloads: readonly GenerationJobPayload[]): DroppedConversation[] {
  return sharedDropped(payloads).map((entry) => ({ ...entry, status: entry.status === 'failed' ? 'failed' : 'dropped' }));
}

/**
 * One curve per student model and strategy (the row's `strategy` column, else the scenario), as
 * Socratic Students draws them; when the run has several teacher models each is a curve of its
 * own (`strategy · teacher`), so two models under test are never pooled into one line.
 */
export function learningCurves(payloads: readonly GenerationJobPayload[], options: LearningCurveOptions): LearningCurve[] {
  const teachers = new Set(payloads.map((payload) => payload.teacherModel));
  const strategyOf =
    options.strategyOf ??
    ((payload: GenerationJobPayload) => {
      const strategy = Object.hasOwn(payload.row, 'strategy') ? String(payload.row.strategy) : payload.scenario.id;
      return teachers.size > 1 ? `${strategy} · ${payload.teacherModel}` : strategy;
    });
  return sharedLearningCurves(payloads, { k: options.k, strategyOf });
}
