/** Where the CLI writes (`--out`): an output that is, contains or lies inside an input, links to one, or holds files no run of the command wrote. */
import { join, link, writeBytes } from '../builders';
import { GOOD, jsonl, type FaultKind } from './kind';

/** A port nothing listens on: a command refused before its first call never gets there. */
const NO_ENDPOINT = ['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm'];
/** A teacher-model folder with one good file, under `dir`. */
const modelFolder = (dir: string) => (writeBytes(join(dir, 'GPT-4o', 'a.jsonl'), jsonl(GOOD)), join(dir, 'GPT-4o'));
export const OUTPUT_KINDS: readonly FaultKind[] = [
  { id: 'out/annotate-out-is-the-input-folder', expect: 'refused', app: false, refusesCommandLine: true, mentions: ['is the input'], cli: ['annotate', '{}', ...NO_ENDPOINT, '--out', '{}'], build: modelFolder },
  { id: 'out/annotate-out-inside-the-input-folder', expect: 'refused', app: false, refusesCommandLine: true, mentions: ['inside the input folder'], cli: ['annotate', '{}', ...NO_ENDPOINT, '--out', '{}/annotated'], build: modelFolder },
  { id: 'out/annotate-input-inside-out', expect: 'refused', app: false, refusesCommandLine: true, mentions: ['lies inside --out'], cli: ['annotate', '{}/GPT-4o', ...NO_ENDPOINT, '--out', '{}'], build: (dir) => (modelFolder(dir), dir) },
  {
    id: 'out/annotate-out-links-to-the-input-folder',
    expect: 'refused',
    app: false,
    refusesCommandLine: true,
    mentions: ['is the input'],
    cli: ['annotate', '{}/GPT-4o', ...NO_ENDPOINT, '--out', '{}/annotated'],
    build: (dir) => (modelFolder(dir), link(join(dir, 'GPT-4o'), join(dir, 'annotated')), dir),
  },
  {
    id: 'out/annotate-link-inside-out-to-the-input-folder',
    expect: 'refused',
    app: false,
    refusesCommandLine: true,
    mentions: ['is the input file'],
    cli: ['annotate', '{}/data', ...NO_ENDPOINT, '--out', '{}/annotated'],
    build: (dir) => (modelFolder(join(dir, 'data')), link(join(dir, 'data', 'GPT-4o'), join(dir, 'annotated', 'GPT-4o')), dir),
  },
  {
    id: 'out/annotate-foreign-file-in-out',
    expect: 'refused',
    app: false,
    refusesCommandLine: true,
    mentions: ['no annotate run into this --out recorded writing it'],
    cli: ['annotate', '{}/data', ...NO_ENDPOINT, '--out', '{}/annotated'],
    build: (dir) => (modelFolder(join(dir, 'data')), writeBytes(join(dir, 'annotated', 'GPT-4o', 'a.jsonl'), 'my own notes\n'), dir),
  },
  { id: 'out/judge-out-inside-the-input-folder', expect: 'refused', app: false, refusesCommandLine: true, mentions: ['inside the input folder'], cli: ['judge', '{}', ...NO_ENDPOINT, '--out', '{}/results.jsonl'], build: modelFolder },
  { id: 'out/judge-out-is-an-input-file', expect: 'refused', app: false, refusesCommandLine: true, mentions: ['is the input'], cli: ['judge', '{}', ...NO_ENDPOINT, '--out', '{}'], build: (dir) => join(modelFolder(dir), 'a.jsonl') },
];

