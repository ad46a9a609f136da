/** Custom codebooks and the rules beside them (Import codebook…): encodings, shapes, nesting, size, a rules file that is a link out. */
import { CONFIG_FILE_RULES } from '../../../shared/config-files';
import { join, link, nested, writeBytes } from '../builders';
import { configKind, resourceText, sharedConfigKinds, type ConfigSurface } from './config-file-kinds';
import type { FaultKind } from './kind';

const CODEBOOK = resourceText('codebooks/sid-default.json');
const RULES = resourceText('codebooks/sid-default.rules.json');

const SURFACE: ConfigSurface = {
  prefix: 'codebook',
  file: 'codebook.json',
  valid: CODEBOOK,
  maxBytes: CONFIG_FILE_RULES.codebook.maxBytes,
  deep: `{"fields": ${nested(50_000)}}`,
  // no command takes a codebook: the app's Import codebook… is its only reader
  cli: null,
};

export const CODEBOOK_KINDS: readonly FaultKind[] = [
  ...sharedConfigKinds(SURFACE),
  configKind(SURFACE, 'duplicate-keys', 'refused', (path) => writeBytes(path, CODEBOOK.replace('{', '{\n  "id": "first",')), { mentions: ['given twice'] }),
  configKind(SURFACE, 'with-rules-beside', 'accepted', (path, root) => (writeBytes(join(root, 'codebook.rules.json'), RULES), writeBytes(path, CODEBOOK))),
  configKind(SURFACE, 'rules-link-inside', 'accepted', (path, root) => (writeBytes(join(root, 'kept', 'r.json'), RULES), link(join(root, 'kept', 'r.json'), join(root, 'codebook.rules.json')), writeBytes(path, CODEBOOK))),
  configKind(SURFACE, 'rules-link-out', 'refused', (path, root) => (writeBytes(join(root, '..', 'r.json'), RULES), link(join(root, '..', 'r.json'), join(root, 'codebook.rules.json')), writeBytes(path, CODEBOOK)), { mentions: ['link to a file outside'] }),
  configKind(SURFACE, 'rules-gbk', 'refused', (path, root) => (writeBytes(join(root, 'codebook.rules.json'), Uint8Array.from([0x7b, 0x22, 0xcb, 0xae, 0xb5, 0xc4, 0x22, 0x3a, 0x31, 0x7d])), writeBytes(path, CODEBOOK)), { mentions: ['GB18030'] }),
  configKind(SURFACE, 'rules-nested-past-64-levels', 'refused', (path, root) => (writeBytes(join(root, 'codebook.rules.json'), `{"rules": ${nested(50_000)}}`), writeBytes(path, CODEBOOK)), { mentions: ['64 levels'] }),
];
