import { hasTooFewItems, landisKochWords, toAgreementResult } from '../../../shared/agreement';
import type { AgreementResult, CohenPair, DetailedResult } from '../../../shared/agreement';
import { lineText } from '../terminal-text';

/** One pair of raters in --json: names (row rater first), kappa with its SE and 95% CI, items used, why undefined. */
function pairJson({ raters, result }: CohenPair) {
  return { raters, kappa: result.value, se: result.se, ci95: result.ci95, n: result.items, reason: result.reason, ciReason: result.ciReason };
}

/**
 * `--json`: exactly one object, `{ "results": [ … ] }`, with the common fields only, numbers at
 * full precision; a Cohen result over more than two raters adds `pairs`, one per pair of raters.
 */
export function formatJson(results: readonly DetailedResult[]): string {
  const json = results.map((result) => (result.coefficient === 'cohen' && result.pairs ? { ...toAgreementResult(result), pairs: result.pairs.map(pairJson) } : toAgreementResult(result)));
  return `${JSON.stringify({ results: json })}\n`;
}

const WIDE = /[\u1100-\u115F\u2E80-\uA4CF\uAC00-\uD7A3\uF900-\uFAFF\uFE30-\uFE4F\uFF00-\uFF60\uFFE0-\uFFE6]/u;

/** Terminal columns a string takes: CJK characters take two. */
function displayWidth(text: string): number {
  let width = 0;
  for (const character of text) width += WIDE.test(character) ? 2 : 1;
  return width;
}

const DASH = '—';

function decimal(value: number | null): string {
  return value === null ? DASH : value.toFixed(4);
}

const TRUNCATED_MARK = '*';

/**
 * The 95% CI cell. Cohen's asymptotic (Wald) interval can pass ±1 on small samples, where kappa
 * cannot go: shown truncated to [−1, 1] as the app's Agreement view shows it
 * (renderer/src/stores/agreement/format.ts), a cut bound marked with TRUNCATED_MARK; --json
 * keeps the raw bounds.
 */
function interval(ci: readonly [number, number] | null, ciReason: string | null = null): string {
  if (ci === null) return ciReason === null ? DASH : 'not defined';
  const clip = (bound: number) => Math.max(-1, Math.min(1, bound));
  const cut = clip(ci[0]) !== ci[0] || clip(ci[1]) !== ci[1];
  return `[${decimal(clip(ci[0]))}, ${decimal(clip(ci[1]))}]${cut ? TRUNCATED_MARK : ''}`;
}

function pValue(value: number | null): string {
  if (value === null) return DASH;
  return value < 0.0001 ? '<0.0001' : value.toFixed(4);
}

/** Agreements Po/Pe, or for alpha the disagreements, marked D_o/D_e so they are not read as agreements. */
function observedAndExpected(result: DetailedResult): [string, string] {
  switch (result.coefficient) {
    case 'krippendorff':
      return [disagreement('D_o', result.observedDisagreement), disagreement('D_e', result.expectedDisagreement)];
    case 'percent':
      return [decimal(result.value), DASH];
    default:
      return [decimal(result.observed), decimal(result.expected)];
  }
}

function disagreement(name: string, value: number | null): string {
  return value === null ? DASH : `${name} ${decimal(value)}`;
}

function variant(result: DetailedResult): string {
  if (result.coefficient === 'cohen') return result.weights === 'none' ? 'unweighted' : (result.weights ?? DASH);
  return result.level ?? DASH;
}

/** Landis & Koch words for chance-corrected coefficients; raw percent agreement has no band. */
function band(result: DetailedResult): string {
  if (result.coefficient === 'percent') return DASH;
  const words = landisKochWords(result.value);
  return words === null ? DASH : `${words.en} ${words.zh}`;
}

function row(result: DetailedResult, options: TextOptions): string[] {
  const [observed, expected] = observedAndExpected(result);
  const p = result.coefficient === 'cohen' || result.coefficient === 'fleiss' ? result.pTwoSided : null;
  const cells = [
    result.coefficient,
    variant(result),
    kappaCell(result, options.minItems),
    decimal(result.se),
    interval(result.ci95, result.ciReason),
    pValue(p),
    observed,
    expected,
    String(result.items),
    String(result.raters),
    String(result.missing),
    String(result.excludedItems),
    band(result),
  ];
  return options.showField ? [result.field === null ? DASH : lineText(result.field), ...cells] : cells;
}

const HEADER = ['coefficient', 'variant', 'value', 'se', '95% CI', 'p', 'observed', 'expected', 'n', 'raters', 'missing', 'excluded', 'agreement'];
const RIGHT_ALIGNED = new Set(['value', 'se', 'p', 'observed', 'expected', 'n', 'raters', 'missing', 'excluded']);

function table(rows: string[][], header: string[], rightAligned: (column: number) => boolean = (column) => RIGHT_ALIGNED.has(header[column])): string[] {
  const widths = header.map((title, column) => Math.max(displayWidth(title), ...rows.map((cells) => displayWidth(cells[column]))));
  const render = (cells: string[]) =>
    cells
      .map((cell, column) => {
        const padding = ' '.repeat(widths[column] - displayWidth(cell));
        if (column === cells.length - 1 && !rightAligned(column)) return cell;
        return rightAligned(column) ? padding + cell : cell + padding;
      })
      .join('  ');
  return [render(header), ...rows.map(render)];
}

/** The value, "too few" below the minimum of items (evidence.ts), else "undefined" with its reason below the table. */
function kappaCell(result: AgreementResult, minItems: number | undefined): string {
  if (result.value !== null) return decimal(result.value);
  return minItems !== undefined && hasTooFewItems(result, minItems) ? 'too few' : 'undefined';
}

export interface TextOptions {
  showField: boolean;
  /** the minimum the results were shown with (--min-items) */
  minItems?: number;
}

/**
 * Cohen's kappa of every pair of raters: a matrix of kappa (rows and columns are the raters,
 * symmetric, — on the diagonal), then one line per pair with its SE, 95% CI and items used.
 */
function pairLines(result: DetailedResult & { coefficient: 'cohen' }, pairs: readonly CohenPair[], minItems: number | undefined): string[] {
  const raters = [...new Set(pairs.flatMap((pair) => pair.raters))];
  const kappaOf = (a: string, b: string) => pairs.find((pair) => (pair.raters[0] === a && pair.raters[1] === b) || (pair.raters[0] === b && pair.raters[1] === a));
  const matrix = raters.map((row) => [row, ...raters.map((column) => (row === column ? DASH : kappaCell((kappaOf(row, column) as CohenPair).result, minItems)))]);
  const where = result.field === null ? '' : `${result.field}: `;
  const lines = [`${where}cohen (${variant(result)}) for each pair of raters:`, ...table(matrix, ['', ...raters], (column) => column > 0), ''];
  const pairRows = pairs.map(({ raters: [a, b], result: pair }) => [`${a} – ${b}`, kappaCell(pair, minItems), decimal(pair.se), interval(pair.ci95, pair.ciReason), String(pair.items), String(pair.excludedItems)]);
  lines.push(...table(pairRows, ['pair', 'kappa', 'se', '95% CI', 'n', 'excluded'], (column) => column === 1 || column === 2 || column >= 4));
  for (const { raters: [a, b], result: pair } of pairs) for (const why of [pair.reason, pair.ciReason]) if (why !== null) lines.push(`${a} – ${b}: ${why}`);
  return lines;
}

/** A readable table, then what its columns mean and why any value is undefined. */
export function formatText(results: readonly DetailedResult[], options: TextOptions): string {
  const header = options.showField ? ['field', ...HEADER] : HEADER;
  const lines = table(results.map((result) => row(result, options)), header);
  for (const result of results) {
    if (result.coefficient === 'cohen' && result.pairs) lines.push('', ...pairLines(result, result.pairs, options.minItems));
  }
  const present = new Set(results.map((result) => result.coefficient));
  lines.push('');
  lines.push('n: items used; excluded: items left out (a rating missing, or too few ratings); missing: absent ratings in the item × rater grid.');
  lines.push('observed/expected: agreement Po/Pe (weighted kappa: Po(w)/Pe(w)); for krippendorff the disagreements D_o/D_e, alpha = 1 − D_o/D_e.');
  if (present.has('cohen')) {
    lines.push('cohen: se is the asymptotic SE (Fleiss, Cohen & Everitt 1969; SAS "ASE"), giving the 95% Wald CI κ ± 1.96·se; p tests κ = 0 with the SE under H0.');
    lines.push(`95% CI: the Wald interval, shown truncated to [−1, 1] as in the app (kappa cannot pass ±1); ${TRUNCATED_MARK} after an interval: a bound was cut there. --json keeps the raw, untruncated bounds.`);
  }
  if (present.has('fleiss')) lines.push('fleiss: se is the SE under H0 κ = 0 (Fleiss, Nee & Landis 1979, as R irr), so it only gives p; no CI.');
  if (results.some((result) => result.raters === 2 && (result.coefficient === 'fleiss' || result.coefficient === 'randolph'))) {
    lines.push("With two raters, fleiss is Scott's pi and randolph is Bennett's S.");
  }
  lines.push('agreement: Landis & Koch (1977) bands for chance-corrected values (none for raw percent agreement); Krippendorff asks alpha ≥ 0.800.');
  if (options.minItems !== undefined) {
    lines.push(`too few: fewer than ${options.minItems} items, so no coefficient is given (--min-items); "not defined": an interval of zero width, whose reason is below.`);
  }
  const explained = results.flatMap((result) => [result.reason, result.ciReason].flatMap((why) => (why === null ? [] : [`${result.field === null ? '' : `${result.field} `}${result.coefficient}: ${why}`])));
  if (explained.length > 0) {
    lines.push('');
    for (const line of explained) lines.push(lineText(line));
  }
  return `${lines.join('\n')}\n`;
}
