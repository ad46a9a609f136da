import sidDefaultRulesJson from '../../resources/codebooks/sid-default.rules.json' with { type: 'json' };
import { DEFAULT_CODEBOOK } from '../codebook/default-codebook';
import { parseConsistencyRules } from './parse-rules';
import type { ConsistencyRules } from './types';

/** The default codebook's rules, validated against it once at load: a broken resource fails loudly at start-up. */
export const DEFAULT_CONSISTENCY_RULES: ConsistencyRules = parseConsistencyRules(sidDefaultRulesJson, DEFAULT_CODEBOOK, 'resources/codebooks/sid-default.rules.json');
