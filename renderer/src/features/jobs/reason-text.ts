/**
 * A job's coded reason (shared/jobs/reasons.ts) in the reader's language: the code's sentence,
 * its parameters filled in with words of that language (what the call was for, how it failed, the
 * role). Main's English text is shown beside it as the technical detail (ReasonText).
 */
import type { LabelLanguage } from '../../../../shared/codebook/types';
import { CALL_FAILURE_KINDS, CALL_PURPOSES, JOB_KINDS, WRITE_FAILURE_PLACES, type JobReason } from '../../../../shared/jobs';
import { formatNumber } from '../../i18n';
import { jobsText, type JobsStringKey } from './strings';

const PURPOSES: ReadonlySet<string> = new Set(CALL_PURPOSES);
const KINDS: ReadonlySet<string> = new Set(CALL_FAILURE_KINDS);
const JOB_KIND_NAMES: ReadonlySet<string> = new Set(JOB_KINDS);
const PLACES: ReadonlySet<string> = new Set(WRITE_FAILURE_PLACES);
const ROLES: ReadonlySet<string> = new Set(['teacher', 'student', 'guide', 'judge', 'drafter', 'generator', 'compared teacher model']);

function roleWords(lang: LabelLanguage, role: string | undefined): string {
  if (!role) return jobsText(lang, 'role.any');
  if (ROLES.has(role)) return jobsText(lang, `role.${role}` as JobsStringKey);
  return jobsText(lang, 'role.other', { role });
}

/** The sentence for a coded reason; null when there is no code (an older journal), so the caller shows the English text alone. */
export function reasonSentence(lang: LabelLanguage, why: JobReason | undefined | null): string | null {
  if (!why) return null;
  const { params } = why;
  const number = (value: number | undefined) => (value === undefined ? '?' : formatNumber(lang, value));
  return jobsText(lang, `reason.${why.code}` as JobsStringKey, {
    connection: params.connection ?? '—',
    attempts: number(params.attempts),
    purpose: jobsText(lang, params.purpose && PURPOSES.has(params.purpose) ? (`purpose.${params.purpose}` as JobsStringKey) : 'purpose.unknown'),
    kind: jobsText(lang, params.kind && KINDS.has(params.kind) ? (`callKind.${params.kind}` as JobsStringKey) : 'callKind.unknown'),
    role: roleWords(lang, params.role),
    what: jobsText(lang, `what.${params.what ?? 'connection'}` as JobsStringKey),
    turns: number(params.turns),
    jobKind: params.jobKind && JOB_KIND_NAMES.has(params.jobKind) ? jobsText(lang, `kind_${params.jobKind}` as JobsStringKey) : (params.jobKind ?? ''),
    limit: number(params.limit),
    used: number(params.used),
    round: number(params.round),
    file: params.file ?? '—',
    place: jobsText(lang, params.place && PLACES.has(params.place) ? (`place.${params.place}` as JobsStringKey) : 'place.unknown'),
  });
}
