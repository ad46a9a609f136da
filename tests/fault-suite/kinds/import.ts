/** The data files a user imports (the app's Import view, `validate`): encodings, binary and malformed files, silent oddities, huge and special files, names. */
import { concat, entry, fifo, folder, join, link, nested, sidLine, sidRecord, sparseFile, TURNS, utf16, writeBytes, type Turn } from '../builders';
import { gbkBytes } from '../gbk';
import { GOOD, inFolder, jsonl, text, type FaultKind } from './kind';

const CSV_HEADER = 'dialogue_id,speaker,utterance,teacher_intent';
const CSV_ROWS = ['1,教师,你觉得呢？,引导推理', '1,学生,不知道,', '2,教师,再想想。,检测理解'];
const csv = (...rows: string[]) => `${[CSV_HEADER, ...rows].join('\n')}\n`;

function manyTurns(count: number, prefix: string): Turn[] {
  return Array.from({ length: count }, (_, i) => ({ role: i % 2 === 0 ? '教师' : '学生', content: `${prefix}${i}` }));
}

export const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1];
const ZIP_HEAD = [0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0, 8, 0];
const XLSX = concat(ZIP_HEAD, '[Content_Types].xml', [0x9c, 0xff, 0x00], 'xl/workbook.xml', [0xc3, 0x28, 0]);

const ENCODINGS: FaultKind[] = [
  text('encoding/invalid-utf8-byte-on-line-3', 'refused', 'a.jsonl', concat(`${GOOD}\n${GOOD}\n{"topic_text":"`, [0xff], '"}\n'), { mentions: ['line 3'] }),
  text('encoding/gbk-jsonl', 'refused', 'a.jsonl', gbkBytes(jsonl(GOOD)), { mentions: ['GB18030'] }),
  text('encoding/gbk-csv-from-excel', 'refused', 'turns.csv', gbkBytes(csv(...CSV_ROWS)), { mentions: ['GB18030'] }),
  text('encoding/gbk-json-array', 'refused', 'a.json', gbkBytes(JSON.stringify([sidRecord()], null, 2)), { mentions: ['GB18030'] }),
  text('encoding/latin1-csv', 'refused', 'turns.csv', concat('dialogue_id,speaker,utterance\n1,teacher,caf', [0xe9], ' cr', [0xe8], 'me\n'), { mentions: ['line 2'] }),
  text('encoding/utf16le-with-bom', 'accepted', 'a.jsonl', concat([0xff, 0xfe], utf16(jsonl(GOOD), 'le'))),
  text('encoding/utf16be-with-bom', 'accepted', 'a.jsonl', concat([0xfe, 0xff], utf16(jsonl(GOOD), 'be'))),
  text('encoding/utf16le-without-bom', 'refused', 'a.jsonl', utf16(jsonl(GOOD), 'le'), { mentions: ['UTF-16'] }),
  text('encoding/utf16be-without-bom', 'refused', 'turns.csv', utf16(csv(...CSV_ROWS), 'be'), { mentions: ['UTF-16'] }),
  text('encoding/utf8-bom', 'accepted', 'a.jsonl', concat([0xef, 0xbb, 0xbf], jsonl(GOOD, GOOD.replace('"repeat_id":1', '"repeat_id":2')))),
  text('encoding/cr-only-jsonl', 'accepted', 'a.jsonl', `${GOOD}\r${GOOD.replace('"repeat_id":1', '"repeat_id":2')}\r`),
  text('encoding/cr-only-csv', 'accepted', 'turns.csv', csv(...CSV_ROWS).replace(/\n/g, '\r')),
  text('encoding/mixed-crlf-lf', 'accepted', 'a.jsonl', `${GOOD}\r\n${GOOD.replace('"repeat_id":1', '"repeat_id":2')}\n`),
  text('encoding/truncated-utf8-at-end', 'refused', 'a.jsonl', concat(jsonl(GOOD), '{"topic_text":"', [0xe6, 0xa4])),
  text('encoding/utf8-encoded-surrogate', 'refused', 'a.jsonl', concat('{"topic_text":"', [0xed, 0xa0, 0x80], '"}\n')),
  text('encoding/overlong-utf8', 'refused', 'a.jsonl', concat('{"topic_text":"', [0xc0, 0xaf], '"}\n')),
  text('encoding/nul-byte-in-text', 'refused', 'a.jsonl', concat(jsonl(GOOD), [0], '\n'), { mentions: ['NUL', 'line 2'] }),
  // issue 30 point 11: kept, but no longer without a word
  text('encoding/json-escaped-lone-surrogate', 'warned', 'a.jsonl', jsonl(sidLine({ topic_text: 'x' }).replace('"x"', '"\\ud800"'))),
  text('encoding/json-escaped-surrogate-pair', 'accepted', 'a.jsonl', jsonl(sidLine({ topic_text: 'x' }).replace('"x"', '"\\ud83d\\ude00"'))),
];

const BINARY: FaultKind[] = [
  text('binary/png-named-jsonl', 'refused', 'a.jsonl', Uint8Array.from(PNG), { mentions: ['PNG'] }),
  inFolder('binary/png-in-folder', 'warned', { 'a.jsonl': jsonl(GOOD), 'scan.png': Uint8Array.from(PNG) }, { mentions: ['.png'] }),
  text('binary/zip-named-csv', 'refused', 'turns.csv', concat(ZIP_HEAD, 'data/a.jsonl', [0, 0xff, 0xfe]), { mentions: ['ZIP'] }),
  text('binary/xlsx-named-csv', 'refused', 'turns.csv', XLSX, { mentions: ['Excel'] }),
  inFolder('binary/xlsx-in-folder', 'warned', { 'a.jsonl': jsonl(GOOD), 'scores.xlsx': XLSX }, { mentions: ['Excel'] }),
  text('binary/xls-ole-named-csv', 'refused', 'turns.csv', concat([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], [0, 0, 0xff])),
  text('binary/pdf-named-json', 'refused', 'a.json', concat('%PDF-1.7\n%', [0xe2, 0xe3, 0xcf, 0xd3], '\n1 0 obj\n'), { mentions: ['PDF'] }),
  text('binary/gzip-named-jsonl', 'refused', 'a.jsonl', Uint8Array.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 3, 0xff, 0x00])),
  text('binary/jpeg-named-txt', 'refused', 'notes.txt', Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46])),
  text('binary/elf-named-txt', 'refused', 'notes.txt', Uint8Array.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0])),
  text('binary/sqlite-named-json', 'refused', 'a.json', concat('SQLite format 3', [0, 0x10, 0, 1, 1])),
  text('binary/random-bytes', 'refused', 'a.jsonl', Uint8Array.from({ length: 4096 }, (_, i) => (i * 2654435761) >>> 24)),
];

const SILENT: FaultKind[] = [
  text('silent/csv-header-only', 'warned', 'turns.csv', `${CSV_HEADER}\n`),
  text('silent/csv-duplicate-headers', 'warned', 'turns.csv', 'dialogue_id,speaker,utterance,utterance\n1,教师,你好,x\n1,学生,嗯,y\n'),
  text('silent/fewer-annotations-than-turns', 'warned', 'a.jsonl', jsonl(sidLine({ annotations: TURNS.slice(0, 2).map((turn) => entry(turn)) }))),
  text('silent/discipline-only-separators', 'warned', 'a.jsonl', jsonl(sidLine({ annotations: [entry(TURNS[0], { discipline: ',,,、、、' })] }, TURNS.slice(0, 1)))),
  { id: 'silent/file-over-the-import-limit', expect: 'refused', build: (dir) => sparseFile(join(dir, 'big.jsonl'), 70 * 1024 * 1024), mentions: ['too large'] },
  {
    id: 'silent/link-out-of-the-folder',
    expect: 'warned',
    build: (dir) => {
      const root = folder(join(dir, 'GPT-4o'));
      writeBytes(join(root, 'a.jsonl'), jsonl(GOOD));
      link('/etc/passwd', join(root, 'passwd.jsonl'));
      return root;
    },
    mentions: ['outside'],
  },
  { id: 'silent/empty-folder', expect: 'refused', build: (dir) => folder(join(dir, 'empty')), app: false },
  inFolder('silent/folder-of-unsupported-files', 'refused', { 'scan.png': Uint8Array.from(PNG), 'notes.md': '# notes\n' }, { app: false }),
  text('silent/empty-file', 'warned', 'a.jsonl', ''),
  // issue 30 point 11: header values read as something else than written, and formula-looking ids
  // (the app path says only errors and skips: the words of each warning are in silent-cases.test.ts)
  text('silent/topic-id-with-a-fraction', 'warned', 'a.jsonl', jsonl(sidLine({ topic_id: 1.5 }))),
  text('silent/topic-text-a-number', 'warned', 'a.jsonl', jsonl(sidLine({ topic_text: 5 }))),
  text('silent/student-type-a-list', 'warned', 'a.jsonl', jsonl(sidLine({ student_type: ['a'] }))),
  text('silent/formula-looking-id', 'warned', 'a.jsonl', jsonl(sidLine({ topic_id: '=HYPERLINK("http://x","a")' }))),
  text('silent/negative-number-id-is-no-formula', 'accepted', 'a.jsonl', jsonl(sidLine({ topic_id: '-3' }))),
  text('silent/whitespace-only-file', 'warned', 'a.jsonl', '  \n\n\t\n'),
  text('silent/pretty-printed-object-in-jsonl', 'refused', 'a.jsonl', JSON.stringify(sidRecord(), null, 2), { mentions: ['pretty-printed'] }),
  text('silent/pretty-printed-array-in-jsonl', 'accepted', 'a.jsonl', JSON.stringify([sidRecord(), sidRecord({ repeat_id: 2 })], null, 2)),
  text('silent/record-without-dialogue-key', 'refused', 'a.jsonl', jsonl(JSON.stringify({ topic_id: 1, turns: TURNS }))),
  text('silent/dialogue-without-turns', 'warned', 'a.jsonl', jsonl(sidLine({ dialogue: [], annotations: [] }))),
  inFolder('silent/hidden-files-in-folder', 'warned', { 'a.jsonl': jsonl(GOOD), '.hidden.jsonl': jsonl(GOOD) }),
];

const MALFORMED: FaultKind[] = [
  text('malformed/truncated-jsonl-line', 'refused', 'a.jsonl', jsonl(GOOD, GOOD.slice(0, 200)), { mentions: [':2'] }),
  text('malformed/trailing-comma', 'refused', 'a.jsonl', jsonl(GOOD.replace(/}$/, ',}'))),
  text('malformed/single-quotes', 'refused', 'a.jsonl', jsonl(GOOD.replace(/"/g, "'"))),
  text('malformed/nan-literal', 'refused', 'a.jsonl', jsonl(GOOD.replace('"topic_id":7', '"topic_id":NaN'))),
  text('malformed/json-with-comments', 'refused', 'a.json', `// exported\n[${GOOD}]\n`),
  text('malformed/bom-at-a-joined-line', 'accepted', 'a.jsonl', `${GOOD}\n\uFEFF${GOOD.replace('"repeat_id":1', '"repeat_id":2')}\n`),
  text('malformed/json-top-level-number', 'refused', 'a.json', '42\n'),
  text('malformed/json-top-level-string', 'refused', 'a.json', '"dialogue"\n'),
  text('malformed/json-null', 'refused', 'a.json', 'null\n'),
  text('malformed/array-of-numbers', 'refused', 'a.json', '[1,2,3]\n'),
  text('malformed/dialogue-not-a-list', 'refused', 'a.jsonl', jsonl(sidLine({ dialogue: '教师：你好' }))),
  text('malformed/turn-without-content', 'refused', 'a.jsonl', jsonl(sidLine({ dialogue: [{ role: '教师' }], annotations: [] }))),
  text('malformed/turn-content-a-number', 'flagged', 'a.jsonl', jsonl(sidLine({ dialogue: [{ role: '教师', content: 42 }], annotations: [] }))),
  text('malformed/unknown-role', 'warned', 'a.jsonl', jsonl(sidLine({ dialogue: [{ role: 'robot', content: 'beep' }], annotations: [] }))),
  text('malformed/csv-unterminated-quote', 'refused', 'turns.csv', csv('1,教师,"你觉得呢？,引导推理', '1,学生,不知道,')),
  text('malformed/csv-ragged-rows', 'refused', 'turns.csv', csv('1,教师,你觉得呢？', '1,学生,不知道,,,,')),
  text('malformed/csv-one-column', 'refused', 'turns.csv', 'utterance\n你好\n嗯\n'),
  text('malformed/csv-10k-columns', 'flagged', 'wide.csv', `${Array.from({ length: 10_000 }, (_, i) => `c${i}`).join(',')}\n${Array.from({ length: 10_000 }, () => 'x').join(',')}\n`),
  text('malformed/semicolon-csv', 'accepted', 'turns.csv', csv(...CSV_ROWS).replace(/,/g, ';')),
  text('malformed/duplicate-json-keys', 'accepted', 'a.jsonl', jsonl(GOOD.replace('{', '{"topic_id":1,'))),
  text('malformed/proto-keys', 'accepted', 'a.jsonl', jsonl(GOOD.replace('"topic_id"', '"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"topic_id"'))),
  text('malformed/huge-number', 'accepted', 'a.jsonl', jsonl(GOOD.replace('"topic_id":7', '"topic_id":1e999'))),
  text('malformed/annotations-not-a-list', 'flagged', 'a.jsonl', jsonl(sidLine({ annotations: { a: 1 } }))),
  text('malformed/label-an-object', 'warned', 'a.jsonl', jsonl(sidLine({ annotations: [entry(TURNS[0], { discipline: { a: [1, 2] } })] }, TURNS.slice(0, 1)))),
  text('malformed/mathdial-without-eom', 'flagged', 'a.jsonl', jsonl(JSON.stringify({ qid: 1, conversation: 'Teacher: hi Student: hello' }))),
  text('malformed/bridge-c_h-not-list', 'refused', 'a.json', JSON.stringify([{ c_h: 'x', c_r: 'y' }])),
];

const HUGE: FaultKind[] = [
  text('deep/4999-deep-malformed-line', 'refused', 'a.jsonl', jsonl(GOOD, nested(4999, '1', '[', ']').slice(0, -1)), { mentions: [':2'] }),
  text('deep/20000-deep-array-in-label', 'refused', 'a.jsonl', jsonl(GOOD.replace('"discipline":"生物"', `"discipline":${nested(20_000)}`)), { mentions: [':1'] }),
  text('deep/20000-deep-object-in-label', 'refused', 'a.jsonl', jsonl(GOOD.replace('"discipline":"生物"', `"discipline":${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`))),
  text('deep/10000-deep-valid-record', 'refused', 'a.jsonl', jsonl(sidLine({ extra: 'X' }).replace('"X"', nested(10_000)))),
  text('deep/100000-deep-json-array-file', 'refused', 'a.json', nested(100_000)),
  { id: 'deep/20000-deep-label-through-metrics', expect: 'refused', cli: ['metrics', '{}', '--json', '--resamples', '0'], app: false, build: (dir) => writeBytes(join(dir, 'a.jsonl'), jsonl(GOOD.replace('"discipline":"生物"', `"discipline":${nested(20_000)}`))) },
  text('huge/8mb-utterance-line', 'accepted', 'a.jsonl', jsonl(sidLine({}, [{ role: '教师', content: '问'.repeat(2_700_000) }]))),
  text('huge/1mb-csv-cell', 'accepted', 'turns.csv', csv(`1,教师,"${'问'.repeat(350_000)}",引导推理`)),
  text('huge/30k-tiny-records', 'refused', 'a.jsonl', '{}\n'.repeat(30_000)),
  text('regex/open-parens-label', 'warned', 'a.jsonl', jsonl(sidLine({ annotations: [entry(TURNS[1], { teacher_intent: '('.repeat(200_000) })] }, TURNS.slice(1, 2)))),
  text('regex/space-run-mathdial-role', 'accepted', 'a.jsonl', jsonl(JSON.stringify({ qid: 1, scenario: 's', conversation: `Teacher: hi|EOM|${' '.repeat(50_000)}x|EOM|Student: ok` }))),
  text('regex/separator-run-label', 'warned', 'a.jsonl', jsonl(sidLine({ annotations: [entry(TURNS[0], { discipline: `生物${'、 '.repeat(100_000)}x` })] }, TURNS.slice(0, 1)))),
  {
    id: 'align/30k-by-30k-unaligned',
    expect: 'warned',
    build: (dir) => {
      const turns = manyTurns(30_000, '话语');
      const annotations = manyTurns(30_000, '不对应').map((turn) => entry(turn));
      return writeBytes(join(dir, 'a.jsonl'), jsonl(JSON.stringify({ ...sidRecord({}, turns), annotations })));
    },
  },
  {
    id: 'align/two-50k-turn-layers',
    expect: 'accepted',
    app: false,
    cli: ['agreement', '--dataset', '{}/llm.jsonl', '--dataset', '{}/human.jsonl', '--field', 'teacher_intent', '--json'],
    build: (dir) => {
      const turns = manyTurns(50_000, '重复').map((turn, i) => ({ ...turn, content: `句${i % 7}` }));
      const record = JSON.stringify(sidRecord({ annotations: turns.map((turn) => entry(turn, { teacher_intent: '引导推理' })) }, turns));
      writeBytes(join(dir, 'llm.jsonl'), jsonl(record));
      writeBytes(join(dir, 'human.jsonl'), jsonl(record));
      return dir;
    },
  },
  {
    id: 'labels/60000-distinct-in-sid',
    expect: 'warned',
    build: (dir) => {
      // ten unknown labels in each teacher turn's strategy set: 60,000 distinct labels
      const turns = manyTurns(12_000, '话');
      const labels = (i: number) => Array.from({ length: 10 }, (_, j) => `标签${i * 10 + j}`).join('、');
      const annotations = turns.map((turn, i) => entry(turn, turn.role === '教师' ? { teaching_strategy: labels(i / 2) } : {}));
      return writeBytes(join(dir, 'a.jsonl'), jsonl(JSON.stringify(sidRecord({ annotations }, turns))));
    },
  },
  {
    id: 'labels/60000-distinct-ratings',
    expect: 'refused',
    app: false,
    cli: ['agreement', '--input', '{}', '--json'],
    build: (dir) => {
      const rows = ['item,rater,label'];
      for (let i = 0; i < 60_000; i++) rows.push(`i${i},A,L${i}`, `i${i},B,L${(i + 1) % 60_000}`);
      return writeBytes(join(dir, 'ratings.csv'), `${rows.join('\n')}\n`);
    },
  },
];

const SPECIAL: FaultKind[] = [
  { id: 'special/fifo-given-directly', expect: 'refused', build: (dir) => fifo(join(dir, 'pipe.jsonl')) ?? { unavailable: 'no mkfifo on this system' } },
  {
    id: 'special/fifo-in-folder',
    expect: 'warned',
    build: (dir) => {
      const root = folder(join(dir, 'GPT-4o'));
      writeBytes(join(root, 'a.jsonl'), jsonl(GOOD));
      return fifo(join(root, 'pipe.jsonl')) ? root : { unavailable: 'no mkfifo on this system' };
    },
  },
  { id: 'special/link-to-dev-zero', expect: 'refused', build: (dir) => (process.platform === 'win32' ? { unavailable: 'no /dev/zero' } : link('/dev/zero', join(dir, 'zero.jsonl'))) },
  {
    id: 'special/link-to-dev-zero-in-folder',
    expect: 'warned',
    build: (dir) => {
      if (process.platform === 'win32') return { unavailable: 'no /dev/zero' };
      const root = folder(join(dir, 'GPT-4o'));
      writeBytes(join(root, 'a.jsonl'), jsonl(GOOD));
      link('/dev/zero', join(root, 'zero.jsonl'));
      return root;
    },
  },
  {
    id: 'special/link-loop',
    expect: 'warned',
    build: (dir) => {
      const root = folder(join(dir, 'GPT-4o'));
      writeBytes(join(root, 'a.jsonl'), jsonl(GOOD));
      link(join(root, 'b.jsonl'), join(root, 'c.jsonl'));
      link(join(root, 'c.jsonl'), join(root, 'b.jsonl'));
      return root;
    },
  },
  {
    id: 'special/dangling-link',
    expect: 'warned',
    build: (dir) => {
      const root = folder(join(dir, 'GPT-4o'));
      writeBytes(join(root, 'a.jsonl'), jsonl(GOOD));
      link(join(root, 'gone.jsonl'), join(root, 'dangling.jsonl'));
      return root;
    },
  },
  {
    id: 'special/link-to-parent-folder',
    expect: 'warned',
    build: (dir) => {
      const root = folder(join(dir, 'GPT-4o'));
      writeBytes(join(root, 'a.jsonl'), jsonl(GOOD));
      link('..', join(root, 'up'));
      return root;
    },
  },
  {
    id: 'special/folder-named-like-a-file',
    expect: 'accepted',
    build: (dir) => {
      const root = folder(join(dir, 'GPT-4o'));
      writeBytes(join(root, 'inner.jsonl', 'a.jsonl'), jsonl(GOOD));
      return root;
    },
  },
  { id: 'special/link-inside-folder', expect: 'accepted', build: (dir) => {
    const root = folder(join(dir, 'GPT-4o'));
    writeBytes(join(root, 'a.jsonl'), jsonl(GOOD));
    link('a.jsonl', join(root, 'same.jsonl'));
    return root;
  } },
  { id: 'special/path-does-not-exist', expect: 'refused', app: false, build: (dir) => join(dir, 'nope.jsonl') },
];

const ESC = '\u001b[2J\u001b[H';
const NAMES: FaultKind[] = [
  text('control/escape-sequences-in-contents', 'refused', 'a.jsonl', jsonl(GOOD, `{"topic_text":"${ESC}"`), { terminal: true }),
  text('control/escape-sequences-in-labels', 'warned', 'a.jsonl', jsonl(sidLine({ annotations: [entry(TURNS[1], { teacher_intent: `${ESC}引导` })] }, TURNS.slice(1, 2))), { terminal: true }),
  text('control/newline-in-file-name', 'refused', 'bad\nname.jsonl', `${GOOD.slice(0, 50)}\n`, { terminal: true }),
  text('control/rtl-override-in-file-name', 'refused', 'report\u202Elmth.jsonl', `${GOOD.slice(0, 50)}\n`, { terminal: true }),
  text('control/escape-in-file-name', 'refused', `x${ESC}.jsonl`, `${GOOD.slice(0, 50)}\n`, { terminal: true }),
  text('control/bidi-in-utterance', 'accepted', 'a.jsonl', jsonl(sidLine({}, [{ role: '教师', content: 'abc\u202Edef\u2066g\u2069' }, ...TURNS.slice(1)]))),
  text('control/zero-width-in-role', 'warned', 'a.jsonl', jsonl(sidLine({ annotations: [] }, [{ role: '教\u200B师', content: '你好' }]))),
  text('control/c1-controls-in-text', 'accepted', 'a.jsonl', jsonl(sidLine({}, [{ role: '教师', content: 'a\u0085b\u009bc' }, ...TURNS.slice(1)])), { terminal: true }),
  text('html/in-file-name', 'refused', '<img src=x onerror=alert(1)>.jsonl', `${GOOD.slice(0, 40)}\n`),
  text('html/in-utterance-and-labels', 'warned', 'a.jsonl', jsonl(sidLine({ annotations: [entry({ role: '教师', content: '<script>alert(1)</script>' }, { teacher_intent: '<b>x</b>' })] }, [{ role: '教师', content: '<script>alert(1)</script>' }]))),
  text('html/markdown-link-in-topic', 'accepted', 'a.jsonl', jsonl(sidLine({ topic_text: '[click](javascript:alert(1)) | pipe `code`' }))),
];

const VALID: FaultKind[] = [
  text('valid/sid-jsonl', 'accepted', 'a.jsonl', jsonl(GOOD)),
  text('valid/sid-json-array', 'accepted', 'a.json', JSON.stringify([sidRecord()], null, 2)),
  text('valid/turn-per-row-csv', 'accepted', 'turns.csv', csv(...CSV_ROWS)),
];

export const IMPORT_KINDS: readonly FaultKind[] = [...ENCODINGS, ...BINARY, ...SILENT, ...MALFORMED, ...HUGE, ...SPECIAL, ...NAMES, ...VALID];
