/** Rubric-set JSON (`judge --rubrics`, `judge-report --rubrics`, Rubrics → Import): encodings, shapes, nesting, size, text sent per call. */
import { CONFIG_FILE_RULES } from '../../../shared/config-files';
import { MAX_RUBRIC_TEXT } from '../../../shared/judge';
import { nested, writeBytes } from '../builders';
import { configKind, resourceText, sharedConfigKinds, type ConfigSurface } from './config-file-kinds';
import type { FaultKind } from './kind';

const SID = resourceText('rubrics/sid.json');
const RESULT = JSON.stringify({ dialogue: '1-1-1', group: 'GPT-4o', judge: 'j', sample: 0, status: 'valid', scores: ['X-SRG', 'M-RCC', 'X-MSR', 'IRA', 'TCF'].map((rubric) => ({ rubric, score: 4, rationale: '' })) });

const SURFACE: ConfigSurface = {
  prefix: 'rubric-set',
  file: 'set.json',
  valid: SID,
  maxBytes: CONFIG_FILE_RULES['rubric-set'].maxBytes,
  deep: `{"rubrics": ${nested(50_000, '1', '{"a":', '}')}}`,
  cli: ['judge-report', '{}/results.jsonl', '--rubrics', '{}/set.json', '--json'],
  beside: { 'results.jsonl': `${RESULT}\n` },
};

function withDefinition(text: string): string {
  const set = JSON.parse(SID) as { rubrics: { definition: { en: string } }[] };
  set.rubrics[0].definition.en = text;
  return JSON.stringify(set, null, 2);
}

export const RUBRIC_SET_KINDS: readonly FaultKind[] = [
  ...sharedConfigKinds(SURFACE),
  configKind(SURFACE, 'definition-over-the-text-limit', 'refused', (path) => writeBytes(path, withDefinition('d'.repeat(MAX_RUBRIC_TEXT + 1))), { mentions: ['8,000', 'sent with every call'] }),
  configKind(SURFACE, 'duplicate-keys', 'refused', (path) => writeBytes(path, SID.replace('{', '{\n  "id": "first",')), { mentions: ['given twice'] }),
  configKind(SURFACE, 'not-json', 'refused', (path) => writeBytes(path, '{"id": "x",\n  "rubrics": [}\n'), { mentions: ['not valid JSON'] }),
];
