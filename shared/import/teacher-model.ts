/** `-interdis_topic_1`, `_topic_3`, `-topic-12`: the per-topic suffix of SID output files */
const TOPIC_SUFFIX = /[-_ ](?:[a-z]+[-_])?topic[-_]?\d+$/i;

/**
 * The model that played the teacher, from a file name as the user gave it (any number of
 * folders, `/` or `\`). SID's pipeline names its files `<model>-interdis_topic_<n>.jsonl`, in a
 * folder per model, but files get copied around (`Downloads/`, `annotated/`), so:
 *
 * 1. a file stem with a topic suffix names the model itself:
 *    `annotated/GPT-4o-interdis_topic_1.jsonl`, `GPT-4o/GPT-4o-interdis_topic_7.jsonl` and
 *    `/home/u/Downloads/GPT-4o-interdis_topic_1.jsonl` → `GPT-4o`;
 * 2. otherwise the folder the file is in: `annotated/GPT-4o/x.jsonl` → `GPT-4o`,
 *    `data/run1.jsonl` → `data`;
 * 3. otherwise (a bare file name) the stem: `run1.jsonl` → `run1`.
 *
 * `.` and `..` are not folder names. The result is a default the user can edit.
 */
export function teacherModelFromName(name: string): string {
  const segments = name.split(/[\\/]+/).filter((segment) => segment.length > 0 && segment !== '.' && segment !== '..');
  const base = segments[segments.length - 1] ?? '';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  const withoutTopic = stem.replace(TOPIC_SUFFIX, '');
  if (withoutTopic !== stem && withoutTopic !== '') return withoutTopic;
  if (segments.length > 1) return segments[segments.length - 2];
  return stem;
}

/** The lower-case extension without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}
