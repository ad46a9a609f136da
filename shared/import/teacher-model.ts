/** `-interdis_topic_1`, `_topic_3`, `-topic-12`: the per-topic suffix of SID output files */
const TOPIC_SUFFIX = /[-_ ](?:[a-z]+[-_])?topic[-_]?\d+$/i;

/**
 * The model that played the teacher, from a file name as the user gave it: the folder the
 * file is in when there is one (`GPT-4o/GPT-4o-interdis_topic_1.jsonl` → `GPT-4o`), else the
 * file stem without its topic suffix (`GPT-4o-interdis_topic_1.jsonl` → `GPT-4o`).
 */
export function teacherModelFromName(name: string): string {
  const segments = name.split(/[\\/]+/).filter((segment) => segment.length > 0);
  if (segments.length > 1) return segments[segments.length - 2];
  const base = segments[0] ?? '';
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return stem.replace(TOPIC_SUFFIX, '') || stem;
}

/** The lower-case extension without the dot ('' when there is none). */
export function fileExtension(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}
