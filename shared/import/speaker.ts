import { fieldById } from '../codebook/lookup';
import { matchLabelCode } from '../codebook/normalize-value';
import type { Codebook, FieldDef } from '../codebook/types';
import type { SpeakerCode } from '../model/dataset';

const FALLBACK: Record<string, SpeakerCode> = { teacher: 'teacher', student: 'student', 教师: 'teacher', 学生: 'student' };

/**
 * Roles resolved per codebook, by the role as written: a file repeats the same two or three roles
 * on every turn and annotation, and matching one folds it (NFKC). Bounded like normalizeValue's
 * memo. Keyed by the codebook (whose speaker field is looked up once), so a hit costs one lookup.
 */
const MEMO_LIMIT = 5000;
const memo = new WeakMap<Codebook, { field: FieldDef | undefined; byRole: Map<string, SpeakerCode | null> }>();

function speakerOfLabel(field: FieldDef, trimmed: string): SpeakerCode | null {
  const code = matchLabelCode(field, trimmed);
  if (code === undefined) return null;
  return code === 'teacher' || code === 'student' ? code : 'other';
}

function resolveUncached(field: FieldDef | undefined, role: string): SpeakerCode | null {
  const trimmed = role.trim();
  if (!trimmed) return null;
  if (!field) return FALLBACK[trimmed.toLowerCase()] ?? null;
  return speakerOfLabel(field, trimmed);
}

/**
 * A role as written (`教师`, `老师`, `Teacher`, `tutor`, `学生`, …) to a speaker code through
 * the codebook's `speaker` field. A label of that field other than teacher/student gives
 * 'other'; a role matching no label gives null (the caller decides how loud to be).
 */
export function resolveSpeaker(codebook: Codebook, role: string): SpeakerCode | null {
  let cache = memo.get(codebook);
  if (!cache) memo.set(codebook, (cache = { field: fieldById(codebook, 'speaker'), byRole: new Map() }));
  const cached = cache.byRole.get(role);
  if (cached !== undefined) return cached;
  const speaker = resolveUncached(cache.field, role);
  if (cache.byRole.size >= MEMO_LIMIT) cache.byRole.clear();
  cache.byRole.set(role, speaker);
  return speaker;
}
