/**
 * The CLI's --connections file (generate, synthesize-rubric): encodings, binary and special files,
 * size, nesting, a connection given twice, unknown keys (a key written into the file), base URLs
 * the app's connection form refuses. Fed to `generate --dry-run`, which reads it and calls nothing;
 * a refusal is of the command line (exit 2) and names the file.
 */
import { readFileSync } from 'node:fs';
import { CONFIG_FILE_RULES } from '../../../shared/config-files';
import { concat, fifo, folder, join, link, nested, sparseFile, utf16, writeBytes } from '../builders';
import { RESOURCES_DIR } from '../../support/repo-paths';
import { gbkOf } from './config-file-kinds';
import { PNG } from './import';
import type { Expectation, FaultKind } from './kind';

const SCENARIO = readFileSync(join(RESOURCES_DIR, 'scenarios', 'sid-teacher-led.yaml'), 'utf8');
const ENDPOINT = 'http://127.0.0.1:9/v1';
const VALID = JSON.stringify({ teacher: { baseURL: ENDPOINT, model: 'm' }, student: { baseURL: ENDPOINT, model: 's' } }, null, 2);

function connections(id: string, expect: Expectation, make: (path: string) => string | null, extra: Partial<FaultKind> = {}): FaultKind {
  return {
    id: `connections-file/${id}`,
    expect,
    app: false,
    refusesCommandLine: expect === 'refused',
    cli: ['generate', '{}/scenario.yaml', '--dry-run', '--json', '--connections', '{}/connections.json'],
    build: (dir) => {
      const root = folder(join(dir, 'run'));
      writeBytes(join(root, 'scenario.yaml'), SCENARIO);
      return make(join(root, 'connections.json')) === null ? { unavailable: 'no mkfifo on this system' } : root;
    },
    ...extra,
  };
}

const text = (content: string | Uint8Array) => (path: string) => writeBytes(path, content);

export const CONNECTIONS_FILE_KINDS: readonly FaultKind[] = [
  connections('valid', 'accepted', text(VALID)),
  connections('utf8-with-bom', 'accepted', text(concat([0xef, 0xbb, 0xbf], VALID))),
  connections('gbk-encoded', 'refused', text(gbkOf(JSON.stringify({ teacher: { baseURL: ENDPOINT, model: '教师模型' } }))), { mentions: ['GB18030'] }),
  connections('utf16le-without-bom', 'refused', text(utf16(VALID, 'le')), { mentions: ['UTF-16'] }),
  connections('png', 'refused', text(Uint8Array.from(PNG))),
  connections('empty-file', 'refused', text('')),
  connections('not-json', 'refused', text('teacher = gpt-4o\n'), { mentions: ['not valid JSON'] }),
  connections('a-list', 'refused', text('[1, 2]'), { mentions: ['one JSON object'] }),
  connections('nested-past-64-levels', 'refused', text(`{"teacher": ${nested(100_000, '1', '{"a":', '}')}}`), { mentions: ['64 levels'] }),
  connections('connection-given-twice', 'refused', text(`{"teacher": {"baseURL": "${ENDPOINT}", "model": "a"},\n "teacher": {"model": "b"}}`), { mentions: ['given twice'] }),
  connections('key-written-into-the-file', 'refused', text(JSON.stringify({ teacher: { baseURL: ENDPOINT, model: 'm', apiKey: 'sk-written-into-the-file' } })), { mentions: ['apiKey: unknown key'] }),
  connections('file-url', 'refused', text(JSON.stringify({ teacher: { baseURL: 'file:///etc/passwd', model: 'm' } })), { mentions: ['http:// or https://'] }),
  connections('credentials-in-the-url', 'refused', text(JSON.stringify({ teacher: { baseURL: 'http://me:secret@127.0.0.1:9/v1', model: 'm' } })), { mentions: ['user name or password'] }),
  connections('concurrency-a-billion', 'refused', text(JSON.stringify({ teacher: { baseURL: ENDPOINT, model: 'm', concurrency: 1e9 } })), { mentions: ['1 to 256'] }),
  connections('link-to-proc-environ', 'refused', (path) => link('/proc/self/environ', path)),
  connections('fifo', 'refused', (path) => fifo(path)),
  connections('folder-as-file', 'refused', (path) => folder(path), { mentions: ['folder'] }),
  connections('oversized', 'refused', (path) => sparseFile(path, CONFIG_FILE_RULES.connections.maxBytes + 1), { mentions: ['too large'] }),
  connections('missing', 'refused', () => ''),
];
