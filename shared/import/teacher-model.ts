import type { SourceFormat } from '../model/dataset';

/** `-interdis_topic_1`, `_topic_3`, `-topic-12`: the per-topic suffix of SID output files */
const TOPIC_SUFFIX = /[-_ ](?:[a-z]+[-_])?topic[-_]?\d+$/i;

/** The public data sets were written by human tutors, not by a model under evaluation. */
const PRESET_TEACHERS: Partial<Record<SourceFormat, string>> = {
  mathdial: 'MathDial (human teacher)',
  bridge: 'Bridge (human tutor)',
};

/**
 * Where a guessed teacher model comes from. Only the first three name a model: a bare file
 * name (`broken.jsonl`, `lessons.csv`, `example.jsonl`) says nothing about who taught, so the
 * wizard asks for the model and offers the stem only as a suggestion.
 */
export type TeacherModelSource = 'preset' | 'file-name' | 'folder' | 'bare-name';

export interface TeacherModelGuess {
  model: string;
  source: TeacherModelSource;
}

/**
 * The model that played the teacher, from a file name as the user gave it (any number of
 * folders, `/` or `\`) and, when known, its format. SID's pipeline names its files
 * `<model>-interdis_topic_<n>.jsonl`, in a folder per model, but files get copied around
 * (`Downloads/`, `annotated/`), so:
 *
 * 0. the public data sets (MathDial, Bridge) were taught by humans: 'preset';
 * 1. a file stem with a topic suffix names the model itself ('file-name'):
 *    `annotated/GPT-4o-interdis_topic_1.jsonl`, `GPT-4o/GPT-4o-interdis_topic_7.jsonl` and
 *    `/home/u/Downloads/GPT-4o-interdis_topic_1.jsonl` → `GPT-4o`;
 * 2. otherwise the folder the file is in ('folder'): `annotated/GPT-4o/x.jsonl` → `GPT-4o`,
 *    `data/run1.jsonl` → `data`;
 * 3. otherwise (a bare file name) the stem ('bare-name'): `run1.jsonl` → `run1`.
 *
 * `.` and `..` are not folder names.
 */
export function guessTeacherModel(name: string, format?: SourceFormat | null): TeacherModelGuess {
  const preset = format ? PRESET_TEACHERS[format] : undefined;
  if (preset) return { model: preset, source: 'preset' };
  const segments = name.split(/[\\/]+/).filter((segment) => segment.length > 0 && segment !== '.' && segment !== '..');
  const base = segments[segments.length - 1] ?? '';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const withoutTopic = stem.replace(TOPIC_SUFFIX, '');
  if (withoutTopic !== stem && withoutTopic !== '') return { model: withoutTopic, source: 'file-name' };
  if (segments.length > 1) return { model: segments[segments.length - 2], source: 'folder' };
  return { model: stem, source: 'bare-name' };
}

/** guessTeacherModel's model, whatever its source: the command line groups by it as given. */
export function teacherModelFromName(name: string, format?: SourceFormat | null): string {
  return guessTeacherModel(name, format).model;
}

/** The lower-case extension without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}
