import { PARSE_TIME_BUDGET_MS } from '../../../shared/import/parse-time-budget';

/**
 * The time one file may take to parse: PARSE_TIME_BUDGET_MS, or `?parseBudgetMs=` on the page
 * URL. Only the end-to-end tests set it (the desktop app loads its page without a query), so
 * that a file over budget can be tested without waiting a minute.
 */
export function parseBudgetMs(search: string = globalThis.location?.search ?? ''): number {
  const requested = Number(new URLSearchParams(search).get('parseBudgetMs'));
  return Number.isFinite(requested) && requested > 0 ? requested : PARSE_TIME_BUDGET_MS;
}
