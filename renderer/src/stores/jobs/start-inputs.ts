/** What each kind's start in the jobs store takes: the definition main runs and what is recorded with it here. */
import type { Pairing } from '../../../../shared/judge/pairing';
import type { JudgeJobDefinition } from '../../../../shared/judge/job-result';
import type { PairwiseJobDefinition } from '../../../../shared/judge/pairwise-job';
import type { RubricSet } from '../../../../shared/judge/types';
import type { PreAnnotationJobDefinition } from '../../../../shared/llm/pre-annotation-job';
import type { GenerationRunRow } from '../../../../shared/model/generation';
import type { GenerationJobDefinition } from '../../../../shared/scenario/generation-job';
import type { SynthesisCarried, SynthesisJobDefinition } from '../../../../shared/synthesis/synthesis-job';
import type { JudgeJobConnectionRef } from '../../db/repositories/judge-jobs';
import type { JobConnectionRef } from '../../db/repositories/llm-jobs';

export interface StartPreAnnotationInput {
  definition: PreAnnotationJobDefinition;
  connections: readonly JobConnectionRef[];
}

export interface StartJudgeInput {
  definition: JudgeJobDefinition;
  datasetId: string;
  /** the run's name in the Judge view */
  name: string;
  /** the rubric-set version the job scores against (stored with the run) */
  rubricSet: RubricSet;
  connections: readonly JudgeJobConnectionRef[];
  /** what the run was made with, kept on the run (language, few-shot count, sampling, scope…) */
  settings: Record<string, unknown>;
}

export interface StartPairwiseInput {
  definition: PairwiseJobDefinition;
  datasetId: string;
  name: string;
  rubricSet: RubricSet;
  connections: readonly JudgeJobConnectionRef[];
  /** the pairing the definition was built from (its dialogue ids the data set's): kept on the run */
  pairing: Pairing;
  settings: Record<string, unknown>;
}

export interface StartGenerationInput {
  definition: GenerationJobDefinition;
  scenario: GenerationRunRow['scenario'];
  /** the teacher connections, in the definition's order */
  teachers: GenerationRunRow['teachers'];
}

export interface StartSynthesisRoundInput {
  definition: SynthesisJobDefinition;
  sessionId: string;
  /** the state the round carries (null for round 0), kept on its round row */
  carried: SynthesisCarried | null;
}
