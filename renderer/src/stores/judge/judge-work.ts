import type { MaieuticDb } from '../../db/db';
import type { JudgeWork, JudgeWorkOutcome } from './protocol';
import { runJudgeComparison } from './run-comparison';
import { runJudgeReport } from './run-judge';

/** One piece of judge work, the same in the worker and on the main thread. */
export function runJudgeWork(db: MaieuticDb, work: JudgeWork, computedIn: 'worker' | 'main'): Promise<JudgeWorkOutcome> {
  return work.kind === 'report' ? runJudgeReport(db, work.request, computedIn) : runJudgeComparison(db, work.request);
}
