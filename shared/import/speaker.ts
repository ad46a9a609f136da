import { fieldById } from '../codebook/lookup';
import { matchLabelCode } from '../codebook/normalize-value';
import type { Codebook, FieldDef } from '../codebook/types';
import type { SpeakerCode } from '../model/dataset';

const FALLBACK: Record<string, SpeakerCode> = { teacher: 'teacher', student: 'student', 教师: 'teacher', 学生: 'student' };

/**
 * Roles resolved per speaker field: a file repeats the same two or three roles on every turn and
 * annotation, and matching one folds it (NFKC). Bounded like normalizeValue's memo.
 */
const MEMO_LIMIT = 5000;
const memo = new WeakMap<FieldDef, Map<string, SpeakerCode | null>>();

function speakerOfLabel(field: FieldDef, trimmed: string): SpeakerCode | null {
  const code = matchLabelCode(field, trimmed);
  if (code === undefined) return null;
  return code === 'teacher' || code === 'student' ? code : 'other';
}

/**
 * A role as written (`教师`, `老师`, `Teacher`, `tutor`, `学生`, …) to a speaker code through
 * the codebook's `speaker` field. A label of that field other than teacher/student gives
 * 'other'; a role matching no label gives null (the caller decides how loud to be).
 */
export function resolveSpeaker(codebook: Codebook, role: string): SpeakerCode | null {
  const field = fieldById(codebook, 'speaker');
  const trimmed = role.trim();
  if (!trimmed) return null;
  if (!field) return FALLBACK[trimmed.toLowerCase()] ?? null;
  let cache = memo.get(field);
  if (!cache) memo.set(field, (cache = new Map()));
  const cached = cache.get(trimmed);
  if (cached !== undefined) return cached;
  const speaker = speakerOfLabel(field, trimmed);
  if (cache.size >= MEMO_LIMIT) cache.clear();
  cache.set(trimmed, speaker);
  return speaker;
}
