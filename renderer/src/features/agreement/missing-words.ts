/**
 * The missing ratings of one rater in words, by reason (the layers core's MissingReason names):
 * what the Missing cell's tooltip says beside each rater's count.
 */
import { MISSING_REASONS, totalMissing, type MissingReasons } from '../../../../shared/layers/missing-reasons';
import type { AgreementTextApi } from './strings';

/** ` (1 no value, 2 value not in the codebook)`, or nothing without missing ratings. */
export function missingWhy(reasons: MissingReasons, t: AgreementTextApi['t']): string {
  if (totalMissing(reasons) === 0) return '';
  const parts = MISSING_REASONS.filter((reason) => reasons[reason] > 0).map((reason) => t('missingReasonCount', { count: reasons[reason], reason: t(`missingReason.${reason}`) }));
  return t('missingWhy', { list: parts.join(t('missingReasonSeparator')) });
}

/** The Missing cell's tooltip: each rater's count with its reasons. */
export function missingDetail(row: { missingLlm: MissingReasons; missingExpert: MissingReasons }, raters: readonly [string, string], t: AgreementTextApi['t']): string {
  return t('missingDetail', {
    a: raters[0],
    aCount: totalMissing(row.missingLlm),
    aWhy: missingWhy(row.missingLlm, t),
    b: raters[1],
    bCount: totalMissing(row.missingExpert),
    bWhy: missingWhy(row.missingExpert, t),
  });
}
