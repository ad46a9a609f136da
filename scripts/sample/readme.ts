/** The README of resources/sample, written by the build so its counts and locations never drift. */
import type { QuirkHit, QuirkKind } from './quirk-scan';
import type { FileStats, LabelProfile } from './sample-stats';
import { STUDENT_TYPES, TEACHER_MODELS, TOPICS } from './topics';

const QUIRK_SECTIONS: { kinds: QuirkKind[]; title: string; expectation: string }[] = [
  {
    kinds: ['split-annotation', 'conflicting-fragments'],
    title: 'A long final teacher summary split into several annotation entries',
    expectation:
      'Align by text, not by index: the fragments are consecutive pieces of one turn (they concatenate to it) and belong to that turn. Where fragments disagree on a field, that is a conflict to review.',
  },
  {
    kinds: ['unaligned-annotation', 'turn-without-annotation'],
    title: 'Annotations that match no turn',
    expectation:
      'Report every such annotation (raw, with its position) and never attach it to a turn by index; the turn it should have covered is left without a pre-annotation.',
  },
  {
    kinds: ['whitespace-variant', 'punctuation-variant'],
    title: 'Annotation text that differs from the turn only by whitespace or full-/half-width punctuation',
    expectation: 'Aligns at the normalised step.',
  },
  {
    kinds: ['containment'],
    title: 'Annotation text contained in the turn (end marker dropped by the annotator)',
    expectation: 'Aligns at the containment step.',
  },
  {
    kinds: ['out-of-vocabulary', 'intent-as-strategy'],
    title: 'Values outside the codebook',
    expectation: 'Keep the raw value, flag it for review; never drop it or coerce it silently.',
  },
  {
    kinds: ['separator'],
    title: 'Multi-valued cells with other separators than `, `',
    expectation: 'Split on all of them; keep the raw cell next to the codes.',
  },
  {
    kinds: ['speaker-alias'],
    title: 'Speaker spelled differently in the annotation',
    expectation: '`老师` is an alias of 教师 in the codebook.',
  },
  {
    kinds: ['glossed-label'],
    title: 'A label written with an English gloss in brackets',
    expectation: 'Resolves to its label when either part names it (here 理解 → understand); the raw text is kept. The same spelling as a cognition state is outside the codebook (above).',
  },
  {
    kinds: ['empty-strategy'],
    title: 'A teacher turn with an empty teaching_strategy',
    expectation: 'The field applies but holds no value: it counts against strategy density (SD).',
  },
  {
    kinds: ['ends-with-student'],
    title: 'A dialogue that ends on a student turn (turn limit reached)',
    expectation: 'No end marker; the last error has no later student turn to repair it (3C).',
  },
];

function table(header: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

function locate(hit: QuirkHit): string {
  return `\`${hit.file}\` line ${hit.line}`;
}

function quirkSection(hits: QuirkHit[], usualSeparatorExamples: QuirkHit[]): string {
  const parts: string[] = [];
  for (const section of QUIRK_SECTIONS) {
    const found = hits.filter((hit) => section.kinds.includes(hit.kind));
    parts.push(`### ${section.title}\n\n${section.expectation}\n`);
    if (found.length === 0) {
      parts.push('_none_\n');
      continue;
    }
    parts.push(found.map((hit) => `- ${locate(hit)}: ${hit.detail}`).join('\n') + '\n');
    if (section.kinds.includes('separator') && usualSeparatorExamples.length > 0) {
      parts.push(
        'The usual separator is `, ` (comma and space), in two- and three-value cells alike, for example:\n\n' +
          usualSeparatorExamples.map((hit) => `- ${locate(hit)}: ${hit.detail}`).join('\n') +
          '\n',
      );
    }
  }
  const markers = hits.filter((hit) => hit.kind === 'end-marker');
  const chinese = markers.filter((hit) => hit.detail.startsWith('[结束]'));
  const english = markers.filter((hit) => hit.detail.startsWith('[End]'));
  parts.push(
    '### End markers\n\nThe teacher model ends the session with a marker, kept in the utterance text.\n',
    `- \`[结束]\` closes the last teacher turn of ${chinese.length} dialogues (every dialogue not listed below or under "ends on a student turn").`,
    ...english.map((hit) => `- \`[End]\`: ${locate(hit)}, ${hit.detail.replace('[End] — ', '')}`),
    '',
  );
  return parts.join('\n');
}

function countsSection(stats: FileStats[]): string {
  const rows = stats.map((entry) => [`\`${entry.file}\``, entry.dialogues, entry.turns, entry.annotations]);
  const perModel = TEACHER_MODELS.map((model) => {
    const own = stats.filter((entry) => entry.model === model);
    const sum = (key: 'dialogues' | 'turns' | 'annotations') => own.reduce((total, entry) => total + entry[key], 0);
    return [model, own.length, sum('dialogues'), sum('turns'), sum('annotations')];
  });
  return [
    table(['file', 'dialogues', 'turns', 'annotations'], rows),
    '',
    table(['teacher model', 'files', 'dialogues', 'turns', 'annotations'], perModel),
  ].join('\n');
}

function profileSection(profiles: LabelProfile[]): string {
  const rows = profiles.map((profile) => [
    profile.model,
    profile.teacherTurns,
    `${profile.guidance.L1} / ${profile.guidance.L2} / ${profile.guidance.L3}`,
    profile.teacherTurnsWithTransfer,
    profile.distinctStrategies,
    profile.studentTurns,
    `${profile.repairedAnswers} of ${profile.incorrectAnswers}`,
  ]);
  return table(
    [
      'teacher model',
      'teacher turns',
      'L1 / L2 / L3',
      'teacher turns with discipline_transfer 是',
      'distinct strategy values',
      'student turns',
      '错误回答 followed by 清晰理解/高阶思考 at the next student turn',
    ],
    rows,
  );
}

/**
 * @param usualSeparatorExamples cells written with the usual `, ` separator that the format
 *   reference quotes (`生物, 地理, 历史`), to point at from the separator section
 */
export function renderReadme(stats: FileStats[], profiles: LabelProfile[], hits: QuirkHit[], usualSeparatorExamples: QuirkHit[]): string {
  const topics = TOPICS.map(
    (topic) =>
      `- \`interdis_topic_${topic.id}\` — ${topic.title}; sessions: ` +
      topic.roster
        .map((entry) => `student ${entry.studentId} (${STUDENT_TYPES[entry.studentId]}) repeat ${entry.repeatId}, ${entry.scenario}`)
        .join('; '),
  ).join('\n');
  const emptyCells = 'Fields that do not apply to the speaker are empty strings on every annotation: `teacher_intent`, `teaching_strategy` and `teacher_guidance_level` on student turns, `student_cognition_state` on teacher turns. `cognitive_level`, `discipline` and `discipline_transfer` are filled on all turns.';
  return `<!-- Generated by scripts/sample/build-sample.ts — edit the authoring files there, then run: npx tsx scripts/sample/build-sample.ts -->
# Maieutic sample data set (SID-native)

A small, **synthetic** data set in the format the SID pipeline writes (Socratic
Interdisciplinary Dialogues): Chinese tutoring dialogues for middle-school students in
which an LLM plays a Socratic teacher, each utterance pre-annotated by an LLM with the
nine SID fields. It is what *Open Sample Data Set* loads, so that the app can be tried
without the official data, which is not public.

Everything here was written by hand for Maieutic: the dialogues, the annotations and
their mistakes. No dialogue comes from the SID data set or from a real student, and the
model names only say which style of teacher each folder imitates; no model was run.
License: MIT, the same as the project (see \`package.json\`).

## Layout

One folder per teacher model; one JSON Lines file per model and topic, named as the
pipeline names them (\`<model>/<model>-interdis_topic_<topic_id>.jsonl\`). One dialogue
per line (UTF-8, no BOM, Chinese not escaped), with the keys \`topic_id\`, \`topic_text\`,
\`student_id\`, \`student_type\`, \`scenario\`, \`repeat_id\`, \`dialogue\`, \`annotations\`.
The teacher model is known only from the folder and file name.

Every model ran the same sessions, as in a benchmark (lines are ordered by student, then
repeat):

${topics}

Student personas: ${Object.entries(STUDENT_TYPES)
    .map(([id, type]) => `${id} ${type}`)
    .join(', ')}.

${countsSection(stats)}

## How the models differ

The three folders imitate three teaching styles, so that per-model metrics differ:
\`GPT-4o\` asks layered questions with hints and analogies; \`DeepSeek-V3\` leans on
open, transfer-oriented questions across more disciplines; \`Qwen2.5-72B\` is shorter,
more closed (L1) and more often explains or gives the answer away. Counted per turn over
the authored labels (a split turn counts once, the invented annotation not at all):

${profileSection(profiles)}

## Irregularities, and where they are

These are the realities of published pipeline output listed in
the project's SID format reference (\`sid-format.md\`, section 1), each placed at least once on purpose. Line numbers are
JSONL lines; turn and annotation numbers are 1-based positions in \`dialogue\` and
\`annotations\`. This list is produced by scanning the written files (exact, then
normalised, then containment alignment), not copied from the authoring notes.

${emptyCells}

${quirkSection(hits, usualSeparatorExamples)}
## Regenerating

The dialogues are data in \`scripts/sample/dialogues-topic-*.ts\`; the build checks them
(turn alternation, 6–14 turns, applicability of fields, vocabulary except where a value is
marked as deliberately out of vocabulary, fragments concatenating to their turn) and then
writes every file here deterministically:

    npx tsx scripts/sample/build-sample.ts
`;
}
