/**
 * Every CLI command given no usable record: an empty file, a file of blank lines, an empty
 * folder. Each must say so, naming the input, and exit 1 (issue 30 point 10): a heading alone,
 * an empty table or exit 0 would read as a result. Commands that call an endpoint stop before
 * any call (the endpoint named here does not exist).
 */
import { folder, join, sidLine, writeBytes } from '../builders';
import { jsonl, type FaultKind } from './kind';

const ENDPOINT = ['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm'];
const EMPTY = { 'empty-file': '', 'blank-lines': '\n\n  \n\r\n' } as const;

/** A command, the arguments around its input, the input's extension, and whether a folder is an input of it. */
const COMMANDS: readonly { name: string; args: readonly string[]; extension: string; folder: boolean }[] = [
  { name: 'validate', args: ['validate', '{}', '--json'], extension: 'jsonl', folder: true },
  { name: 'metrics', args: ['metrics', '{}', '--json'], extension: 'jsonl', folder: true },
  { name: 'spot-check', args: ['spot-check', '{}', '--json'], extension: 'jsonl', folder: true },
  { name: 'judge-report', args: ['judge-report', '{}', '--json'], extension: 'jsonl', folder: true },
  { name: 'annotate', args: ['annotate', '{}', ...ENDPOINT, '--out', '{}-out'], extension: 'jsonl', folder: true },
  { name: 'judge', args: ['judge', '{}', ...ENDPOINT, '--out', '{}-results.jsonl'], extension: 'jsonl', folder: true },
  { name: 'agreement', args: ['agreement', '--input', '{}', '--json'], extension: 'csv', folder: false },
  { name: 'agreement-counts', args: ['agreement', '--layout', 'counts', '--input', '{}', '--json'], extension: 'csv', folder: false },
  { name: 'agreement-layers', args: ['agreement', '--dataset', '{}', '--dataset', '{}-b.jsonl', '--json'], extension: 'jsonl', folder: false },
  { name: 'generate', args: ['generate', '{}', '--out', '{}-out', ...ENDPOINT], extension: 'yaml', folder: false },
  { name: 'synthesize-rubric', args: ['synthesize-rubric', '{}', '--out', '{}-rubric.json', ...ENDPOINT], extension: 'yaml', folder: false },
];

const judgeLine = JSON.stringify({ dialogue: '1-1-1', group: 'GPT-4o', judge: 'j', sample: 0, status: 'valid', scores: ['X-SRG', 'M-RCC', 'X-MSR', 'IRA', 'TCF'].map((rubric) => ({ rubric, score: 4, rationale: '' })) });

export const EMPTY_INPUT_KINDS: readonly FaultKind[] = [
  ...COMMANDS.flatMap((command) => [
    ...Object.entries(EMPTY).map(([kind, content]): FaultKind => ({
      id: `empty/${command.name}-${kind}`,
      expect: 'refused',
      app: false,
      cli: command.args,
      build: (dir) => {
        const path = writeBytes(join(dir, `input.${command.extension}`), content);
        // the second layer as empty as the first
        if (command.name === 'agreement-layers') writeBytes(`${path}-b.jsonl`, content);
        return path;
      },
    })),
    ...(command.folder ? [{ id: `empty/${command.name}-empty-folder`, expect: 'refused' as const, app: false, cli: command.args, build: (dir: string) => folder(join(dir, 'empty')) }] : []),
  ]),
  { id: 'empty/judge-report-experts-header-only', expect: 'refused', app: false, cli: ['judge-report', '{}/r.jsonl', '--experts', '{}/e.csv', '--json'], build: (dir) => (writeBytes(join(dir, 'r.jsonl'), jsonl(judgeLine)), writeBytes(join(dir, 'e.csv'), 'dialogue,rubric,rater,score\n'), dir) },
  // an empty file beside one that holds a dialogue: read, the empty one only warned about
  { id: 'empty/metrics-empty-file-beside-a-dialogue', expect: 'accepted', app: false, cli: ['metrics', '{}', '--json'], build: (dir) => (writeBytes(join(dir, 'GPT-4o', 'a.jsonl'), jsonl(sidLine())), writeBytes(join(dir, 'GPT-4o', 'b.jsonl'), ''), join(dir, 'GPT-4o')) },
  { id: 'empty/judge-report-blank-lines-around-a-result', expect: 'accepted', app: false, cli: ['judge-report', '{}', '--json'], build: (dir) => writeBytes(join(dir, 'r.jsonl'), `\n\n${judgeLine}\n\n`) },
];
