/** Scenario YAML (`generate`, the Scenarios view): encodings, shapes, nesting, size, and the task file it names. */
import { parseDocument } from 'yaml';
import { CONFIG_FILE_RULES } from '../../../shared/config-files';
import { join, link, nested, writeBytes } from '../builders';
import { configKind, resourceText, sharedConfigKinds, type ConfigSurface } from './config-file-kinds';
import type { FaultKind } from './kind';

const TEMPLATE = resourceText('scenarios/sid-teacher-led.yaml');

const SURFACE: ConfigSurface = {
  prefix: 'scenario',
  file: 'scenario.yaml',
  valid: TEMPLATE,
  maxBytes: CONFIG_FILE_RULES.scenario.maxBytes,
  deep: `${TEMPLATE}extra: ${nested(100_000)}\n`,
  cli: ['generate', '{}/scenario.yaml', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--out', '{}/out'],
};

/** The template with its task rows taken from `csv` instead. */
function namingTasks(csv: string): string {
  const doc = parseDocument(TEMPLATE);
  doc.deleteIn(['tasks', 'rows']);
  doc.setIn(['tasks', 'csv'], csv);
  doc.setIn(['tasks', 'columns'], ['topic_id', 'topic', 'topic_text']);
  return doc.toString();
}

const TASKS = 'topic_id,topic,topic_text\n1,水的净化,水的净化（化学）\n';

export const SCENARIO_KINDS: readonly FaultKind[] = [
  ...sharedConfigKinds(SURFACE),
  configKind(SURFACE, 'nested-5000-block-levels', 'refused', (path) => writeBytes(path, `${TEMPLATE}extra:\n  ${'- '.repeat(5_000)}1\n`), { mentions: ['64 levels'] }),
  configKind(SURFACE, 'duplicate-keys', 'refused', (path) => writeBytes(path, `${TEMPLATE}repeats: 2\n`), { mentions: ['repeats'] }),
  configKind(SURFACE, 'tasks-absolute-path', 'refused', (path) => writeBytes(path, namingTasks('/etc/passwd')), { mentions: ['absolute path'] }),
  configKind(SURFACE, 'tasks-proc-self-environ', 'refused', (path) => writeBytes(path, namingTasks('/proc/self/environ')), { mentions: ['absolute path'] }),
  configKind(SURFACE, 'tasks-climbs-out', 'refused', (path, root) => (writeBytes(join(root, '..', 'outside.csv'), TASKS), writeBytes(path, namingTasks('../outside.csv'))), { mentions: ['leaves the folder'] }),
  configKind(SURFACE, 'tasks-link-out', 'refused', (path, root) => (writeBytes(join(root, '..', 'outside.csv'), TASKS), link(join(root, '..', 'outside.csv'), join(root, 'tasks.csv')), writeBytes(path, namingTasks('tasks.csv'))), { mentions: ['link to a file outside'] }),
  configKind(SURFACE, 'tasks-link-inside', 'accepted', (path, root) => (writeBytes(join(root, 'data', 'topics.csv'), TASKS), link(join(root, 'data', 'topics.csv'), join(root, 'tasks.csv')), writeBytes(path, namingTasks('tasks.csv')))),
  configKind(SURFACE, 'tasks-missing', 'refused', (path) => writeBytes(path, namingTasks('nowhere.csv')), { mentions: ['does not exist'] }),
  configKind(SURFACE, 'tasks-gbk', 'refused', (path, root) => (writeBytes(join(root, 'tasks.csv'), Uint8Array.from([...Buffer.from('topic_id,topic,topic_text\n1,'), 0xcb, 0xae, 0xb5, 0xc4, 0xbe, 0xbb, 0xbb, 0xaf, 0x2c, 0x78, 0x0a])), writeBytes(path, namingTasks('tasks.csv'))), { mentions: ['GB18030'] }),
];
