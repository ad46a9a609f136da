/** The statistics commands' inputs: ratings tables (`agreement`), exports scored by `metrics`, judge results read by `judge-report`. */
import { fifo, folder, join, nested, sidLine, writeBytes } from '../builders';
import { gbkBytes } from '../gbk';
import { PNG } from './import';
import { GOOD, jsonl, type FaultKind } from './kind';

/** One judge-report results line on the SID rubrics, every rubric given `score`. */
const judgeLine = (judge: string, score: number) =>
  JSON.stringify({ dialogue: '1-1-1', group: 'GPT-4o', judge, sample: 0, status: 'valid', scores: ['X-SRG', 'M-RCC', 'X-MSR', 'IRA', 'TCF'].map((rubric) => ({ rubric, score, rationale: '' })) });
const RATINGS = 'item,rater,label\n1,A,x\n1,B,x\n2,A,y\n2,B,x\n3,A,y\n3,B,y\n';

export const STATISTICS_KINDS: readonly FaultKind[] = [
  { id: 'ratings/header-only', expect: 'refused', app: false, cli: ['agreement', '--input', '{}', '--json'], build: (dir) => writeBytes(join(dir, 'r.csv'), 'item,rater,label\n') },
  { id: 'ratings/missing-columns', expect: 'refused', app: false, cli: ['agreement', '--input', '{}', '--json'], build: (dir) => writeBytes(join(dir, 'r.csv'), 'id,who,value\n1,A,x\n') },
  { id: 'ratings/duplicate-rating', expect: 'refused', app: false, cli: ['agreement', '--input', '{}', '--json'], build: (dir) => writeBytes(join(dir, 'r.csv'), `${RATINGS}1,A,y\n`) },
  { id: 'ratings/gbk-encoded', expect: 'refused', app: false, cli: ['agreement', '--input', '{}', '--json'], mentions: ['GB18030'], build: (dir) => writeBytes(join(dir, 'r.csv'), gbkBytes('item,rater,label\n1,甲,引导\n1,乙,引导\n2,甲,提示\n2,乙,引导\n')) },
  { id: 'ratings/png-given-as-input', expect: 'refused', app: false, cli: ['agreement', '--input', '{}', '--json'], mentions: ['PNG'], build: (dir) => writeBytes(join(dir, 'r.csv'), Uint8Array.from(PNG)) },
  { id: 'ratings/fifo-given-as-input', expect: 'refused', app: false, cli: ['agreement', '--input', '{}', '--json'], build: (dir) => fifo(join(dir, 'r.csv')) ?? { unavailable: 'no mkfifo on this system' } },
  { id: 'ratings/counts-not-integers', expect: 'refused', app: false, cli: ['agreement', '--layout', 'counts', '--input', '{}', '--json'], build: (dir) => writeBytes(join(dir, 'c.csv'), 'item,a,b\n1,2,x\n2,1.5,1\n') },
  { id: 'ratings/valid', expect: 'accepted', app: false, cli: ['agreement', '--input', '{}', '--categories', 'x,y', '--json'], build: (dir) => writeBytes(join(dir, 'r.csv'), RATINGS) },
  { id: 'dataset/empty-folder-layer', expect: 'refused', app: false, cli: ['agreement', '--dataset', '{}/a', '--dataset', '{}/b', '--json'], build: (dir) => (folder(join(dir, 'a')), folder(join(dir, 'b')), dir) },
  { id: 'metrics/empty-folder', expect: 'refused', app: false, cli: ['metrics', '{}', '--json'], build: (dir) => folder(join(dir, 'empty')) },
  { id: 'metrics/gbk-file', expect: 'refused', app: false, cli: ['metrics', '{}', '--json'], mentions: ['GB18030'], build: (dir) => writeBytes(join(dir, 'a.jsonl'), gbkBytes(jsonl(GOOD))) },
  // a Maieutic export whose review provenance is of a version this tool does not know: its keys may mean anything
  { id: 'metrics/export-provenance-unknown-version', expect: 'refused', app: false, cli: ['metrics', '{}', '--json'], mentions: ['version 999'], build: (dir) => writeBytes(join(dir, 'a.jsonl'), jsonl(sidLine({ maieutic: { version: 999, turns: [] } }))) },
  // an export of verified turns where no dialogue has all its turns labelled: nothing the metrics can score whole
  { id: 'metrics/export-turns-left-blank', expect: 'refused', app: false, cli: ['metrics', '{}', '--json'], mentions: ['left out by the export'], build: (dir) => writeBytes(join(dir, 'a.jsonl'), jsonl(sidLine({ maieutic: { version: 5, scope: 'verified-turns', turns: [{ index: 0, inScope: true }, { index: 1, inScope: false }] } }))) },
  { id: 'judge-report/deep-nesting', expect: 'refused', app: false, runner: 'judge-results', cli: ['judge-report', '{}', '--json'], build: (dir) => writeBytes(join(dir, 'r.jsonl'), jsonl(`{"dialogue":${nested(20_000)}}`)) },
  { id: 'judge-report/gbk-file', expect: 'refused', app: false, runner: 'judge-results', cli: ['judge-report', '{}', '--json'], mentions: ['GB18030'], build: (dir) => writeBytes(join(dir, 'r.jsonl'), gbkBytes(jsonl(judgeLine('评判', 4)))) },
  { id: 'judge-report/score-out-of-range', expect: 'refused', app: false, runner: 'judge-results', cli: ['judge-report', '{}', '--json'], build: (dir) => writeBytes(join(dir, 'r.jsonl'), jsonl(judgeLine('j', 4), judgeLine('j', 7))) },
  { id: 'judge-report/control-characters-in-names', expect: 'accepted', app: false, runner: 'judge-results', terminal: true, cli: ['judge-report', '{}', '--json'], build: (dir) => writeBytes(join(dir, 'r.jsonl'), jsonl(judgeLine('\u001b[2J\u202eevil', 4))) },
  { id: 'judge-report/experts-without-header', expect: 'refused', app: false, cli: ['judge-report', '{}/r.jsonl', '--experts', '{}/e.csv', '--json'], build: (dir) => (writeBytes(join(dir, 'r.jsonl'), jsonl(judgeLine('j', 4))), writeBytes(join(dir, 'e.csv'), '1-1-1,X-SRG,a,4\n'), dir) },
  { id: 'judge-report/valid', expect: 'accepted', app: false, runner: 'judge-results', cli: ['judge-report', '{}', '--json'], build: (dir) => writeBytes(join(dir, 'r.jsonl'), jsonl(judgeLine('j', 4))) },
];

