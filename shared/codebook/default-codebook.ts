import sidDefaultJson from '../../resources/codebooks/sid-default.json' with { type: 'json' };
import { parseCodebook } from './parse-codebook';
import type { Codebook } from './types';

/** The nine SID fields, validated once at load: a broken resource fails loudly at start-up. */
export const DEFAULT_CODEBOOK: Codebook = parseCodebook(sidDefaultJson, 'resources/codebooks/sid-default.json');
