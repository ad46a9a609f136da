/**
 * Every input surface of the app and the CLI the fault suite attacks, each with its kinds
 * (tests/fault-suite/README.md lists them; a test checks the list and this file agree).
 */
import type { FaultKind } from './kind';
import { ASSIGNMENT_PACKAGE_KINDS } from './assignment-package';
import { CODEBOOK_KINDS } from './codebook';
import { CONNECTIONS_FILE_KINDS } from './connections-file';
import { DISK_KINDS } from './disk';
import { EMPTY_INPUT_KINDS } from './empty-input';
import { IMPORT_KINDS } from './import';
import { LLM_ANSWER_KINDS } from './llm-answers';
import { OUTPUT_KINDS } from './outputs';
import { RESTORE_KINDS } from './restore';
import { RUBRIC_SET_KINDS } from './rubric-set';
import { SCENARIO_KINDS } from './scenario';
import { SCENARIO_SIZE_KINDS } from './scenario-size';
import { SPOT_CHECK_KINDS } from './spot-check';
import { STATISTICS_KINDS } from './statistics';
import { SYNTHESIS_SPEC_KINDS } from './synthesis-spec';
import { WORK_PACKAGE_KINDS } from './work-package';

export type { Expectation, FaultKind } from './kind';

export interface FaultSurface {
  /** as the README names it */
  name: string;
  kinds: readonly FaultKind[];
  /** why the surface has no kind that must be read (every surface should have one unless it cannot) */
  noValidKind?: string;
}

export const FAULT_SURFACES: readonly FaultSurface[] = [
  { name: 'import', kinds: IMPORT_KINDS },
  { name: 'statistics', kinds: STATISTICS_KINDS },
  { name: 'outputs', kinds: OUTPUT_KINDS, noValidKind: 'a good --out is only used after calls to an endpoint; tests/unit/cli/annotate-out.test.ts writes one against the scripted server' },
  { name: 'spot-check', kinds: SPOT_CHECK_KINDS },
  { name: 'restore', kinds: RESTORE_KINDS },
  { name: 'scenario-size', kinds: SCENARIO_SIZE_KINDS },
  { name: 'work-package', kinds: WORK_PACKAGE_KINDS },
  { name: 'assignment-package', kinds: ASSIGNMENT_PACKAGE_KINDS },
  { name: 'empty-input', kinds: EMPTY_INPUT_KINDS },
  { name: 'llm-answers', kinds: LLM_ANSWER_KINDS },
  { name: 'disk', kinds: DISK_KINDS },
  { name: 'scenario', kinds: SCENARIO_KINDS },
  { name: 'rubric-set', kinds: RUBRIC_SET_KINDS },
  { name: 'synthesis-spec', kinds: SYNTHESIS_SPEC_KINDS },
  { name: 'codebook', kinds: CODEBOOK_KINDS },
  { name: 'connections-file', kinds: CONNECTIONS_FILE_KINDS },
];

/** the surfaces with no kind that must be read, and why */
export const SURFACES_WITHOUT_VALID_KIND: ReadonlyMap<string, string> = new Map(FAULT_SURFACES.flatMap((surface) => (surface.noValidKind ? [[surface.name, surface.noValidKind] as const] : [])));

export const FAULT_KINDS: readonly FaultKind[] = FAULT_SURFACES.flatMap((surface) => surface.kinds.map((kind) => ({ surface: surface.name, ...kind })));
