import type { LabelLanguage } from '../../../../shared/codebook/types';
import { formatNumber } from '../../i18n';
import { jobsText } from './strings';

/** A duration in seconds as people read it: seconds, minutes or hours, rounded. */
export function formatEta(lang: LabelLanguage, seconds: number): string {
  if (seconds < 90) return jobsText(lang, 'seconds', { n: formatNumber(lang, Math.max(1, Math.round(seconds))) });
  if (seconds < 90 * 60) return jobsText(lang, 'minutes', { n: formatNumber(lang, Math.round(seconds / 60)) });
  return jobsText(lang, 'hours', { n: formatNumber(lang, Math.round((seconds / 3600) * 10) / 10) });
}

export { formatCost } from '../../../../shared/llm/format-cost';
