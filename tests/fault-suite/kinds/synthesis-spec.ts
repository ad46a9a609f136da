/** Synthesis specs (`synthesize-rubric`, the Synthesis view): encodings, shapes, nesting, size, duplicate keys. */
import { CONFIG_FILE_RULES } from '../../../shared/config-files';
import { nested, writeBytes } from '../builders';
import { configKind, resourceText, sharedConfigKinds, type ConfigSurface } from './config-file-kinds';
import type { FaultKind } from './kind';

const SPEC = resourceText('synthesis/elmes-scenegen.yaml');

const SURFACE: ConfigSurface = {
  prefix: 'synthesis-spec',
  file: 'spec.yaml',
  valid: SPEC,
  maxBytes: CONFIG_FILE_RULES['synthesis-spec'].maxBytes,
  deep: `${SPEC}extra: ${nested(100_000)}\n`,
  cli: ['synthesize-rubric', '{}/spec.yaml', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'drafter=m', '--out', '{}/rubric.json'],
};


export const SYNTHESIS_SPEC_KINDS: readonly FaultKind[] = [
  ...sharedConfigKinds(SURFACE),
  configKind(SURFACE, 'nested-5000-block-levels', 'refused', (path) => writeBytes(path, `${SPEC}extra:\n  ${'- '.repeat(5_000)}1\n`), { mentions: ['64 levels'] }),
  configKind(SURFACE, 'duplicate-keys', 'refused', (path) => writeBytes(path, `${SPEC}\nid: again\n`), { mentions: ['id'] }),
];
