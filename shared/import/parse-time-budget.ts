/**
 * How long parsing one file may run before it is stopped and the file refused. Parsing is
 * linear and a 64 MB file (the size limit) parses in a few seconds, so a file that needs more
 * than a minute is pathological input, not a big data set: the app stops its worker rather
 * than let one file hold up every later import. One constant for the app and the CLI.
 */
export const PARSE_TIME_BUDGET_MS = 60_000;

/** `60` for 60_000, `1.5` for 1_500: the budget in seconds as messages name it. */
export function budgetSeconds(budgetMs: number): string {
  const seconds = budgetMs / 1000;
  return Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1);
}
