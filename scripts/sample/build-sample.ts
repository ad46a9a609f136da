/**
 * Writes the bundled sample data set (resources/sample) from the hand-written dialogues.
 * Deterministic: the same authoring files always give byte-identical output.
 *
 *   npx tsx scripts/sample/build-sample.ts
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { AuthoredDialogue } from './authoring';
import { checkDialogue, checkRoster } from './authoring-checks';
import { loadCodebook, vocabularyOf } from './codebook-vocabulary';
import { TOPIC_07_DIALOGUES } from './dialogues-topic-07-campus-greening';
import { TOPIC_12_DIALOGUES } from './dialogues-topic-12-silk-road';
import { TOPIC_18_DIALOGUES } from './dialogues-topic-18-water-purification';
import { TOPIC_25_DIALOGUES } from './dialogues-topic-25-bridge-design';
import { findCells, scanFiles, type QuirkKind, type ScannedFile } from './quirk-scan';
import { renderReadme } from './readme';
import { fileStats, labelProfile, type FileStats } from './sample-stats';
import { buildRecord, recordToJsonLine, type SidRecord } from './sid-record';
import { TEACHER_MODELS, TOPICS } from './topics';

const REPO_ROOT = resolve(import.meta.dirname, '../..');
const SAMPLE_DIR = join(REPO_ROOT, 'resources/sample');
const CODEBOOK_PATH = join(REPO_ROOT, 'resources/codebooks/sid-default.json');

/** The build fails unless the written files contain every one of these. */
const REQUIRED_QUIRKS: QuirkKind[] = [
  'split-annotation',
  'unaligned-annotation',
  'whitespace-variant',
  'punctuation-variant',
  'containment',
  'out-of-vocabulary',
  'intent-as-strategy',
  'separator',
  'end-marker',
];
const REQUIRED_SEPARATORS = ['`,` without space', '`，`', '`、`', '`;`', '`/`'];

const ALL_DIALOGUES: AuthoredDialogue[] = [
  ...TOPIC_07_DIALOGUES,
  ...TOPIC_12_DIALOGUES,
  ...TOPIC_18_DIALOGUES,
  ...TOPIC_25_DIALOGUES,
];

function fail(problems: string[]): never {
  console.error(`The sample was not written; ${problems.length} problem(s):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  process.exit(1);
}

function removeOldSampleFiles(dir: string): void {
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.jsonl')) rmSync(join(entry.parentPath, entry.name));
  }
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory() && readdirSync(join(dir, entry.name)).length === 0) rmSync(join(dir, entry.name), { recursive: true });
  }
}

function main(): void {
  const vocabulary = vocabularyOf(loadCodebook(CODEBOOK_PATH));
  const problems = [...checkRoster(ALL_DIALOGUES), ...ALL_DIALOGUES.flatMap((dialogue) => checkDialogue(dialogue, vocabulary))];
  if (problems.length > 0) fail(problems);

  mkdirSync(SAMPLE_DIR, { recursive: true });
  removeOldSampleFiles(SAMPLE_DIR);

  const stats: FileStats[] = [];
  const written: ScannedFile[] = [];
  for (const model of TEACHER_MODELS) {
    mkdirSync(join(SAMPLE_DIR, model), { recursive: true });
    for (const topic of TOPICS) {
      const records: SidRecord[] = topic.roster.map((session) => {
        const dialogue = ALL_DIALOGUES.find(
          (candidate) =>
            candidate.model === model &&
            candidate.topicId === topic.id &&
            candidate.studentId === session.studentId &&
            candidate.repeatId === session.repeatId,
        );
        if (!dialogue) fail([`${model} topic ${topic.id}: no dialogue for student ${session.studentId} repeat ${session.repeatId}`]);
        return buildRecord(dialogue, topic, session);
      });
      const path = join(SAMPLE_DIR, model, `${model}-interdis_topic_${topic.id}.jsonl`);
      writeFileSync(path, records.map(recordToJsonLine).join('\n') + '\n', 'utf8');
      const file = relative(SAMPLE_DIR, path).split('\\').join('/');
      // Scan what is on disk, not what is in memory, so the README describes the real files.
      const reread = readFileSync(path, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => JSON.parse(line) as SidRecord);
      written.push({ file, records: reread });
      stats.push(fileStats(model, file, reread));
    }
  }

  const hits = scanFiles(written, vocabulary);
  const missing = REQUIRED_QUIRKS.filter((kind) => !hits.some((hit) => hit.kind === kind));
  const missingSeparators = REQUIRED_SEPARATORS.filter(
    (name) => !hits.some((hit) => hit.kind === 'separator' && hit.detail.startsWith(name)),
  );
  if (!hits.some((hit) => hit.kind === 'end-marker' && hit.detail.startsWith('[End]'))) missing.push('end-marker');
  if (missing.length > 0 || missingSeparators.length > 0) {
    fail([...missing.map((kind) => `no ${kind} in the written files`), ...missingSeparators.map((name) => `no separator ${name}`)]);
  }

  const profiles = TEACHER_MODELS.map((model) => labelProfile(model, ALL_DIALOGUES.filter((dialogue) => dialogue.model === model)));
  writeFileSync(join(SAMPLE_DIR, 'README.md'), renderReadme(stats, profiles, hits, findCells(written, 'discipline', '生物, 地理, 历史')), 'utf8');

  console.table(stats.map(({ model, ...rest }) => ({ model, ...rest })));
  console.log(`${stats.length} files, ${stats.reduce((sum, entry) => sum + entry.dialogues, 0)} dialogues, ${hits.length} irregularities listed in resources/sample/README.md`);
}

main();
