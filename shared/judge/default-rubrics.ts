import sidRubricsJson from '../../resources/rubrics/sid.json' with { type: 'json' };
import { parseRubricSet } from './parse-rubric-set';
import type { RubricSet } from './types';

/** The SID paper's five rubrics (X-SRG, M-RCC, X-MSR, IRA, TCF), validated once at load: a broken resource fails loudly at start-up. */
export const SID_RUBRIC_SET: RubricSet = parseRubricSet(sidRubricsJson, 'resources/rubrics/sid.json');

export const SID_RUBRIC_IDS = ['X-SRG', 'M-RCC', 'X-MSR', 'IRA', 'TCF'] as const;
