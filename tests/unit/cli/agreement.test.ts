/**
 * `agreement` through runCli, on fixture CSVs transcribed from the agreement references doc
 * (tests/fixtures/agreement); expected numbers are the doc's reference values.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../electron/cli/main';
import { runCaptured } from './run-captured';

const FIXTURES = fileURLToPath(new URL('../../fixtures/agreement/', import.meta.url));

function run(...argv: string[]) {
  return runCaptured(['agreement', ...argv]);
}

interface JsonResult {
  field: string | null;
  coefficient: string;
  weights: string | null;
  level: string | null;
  value: number | null;
  se: number | null;
  ci95: [number, number] | null;
  items: number;
  raters: number;
  missing: number;
  reason: string | null;
  ciReason: string | null;
  pairs?: JsonPair[];
}

interface JsonPair {
  raters: [string, string];
  kappa: number | null;
  se: number | null;
  ci95: [number, number] | null;
  n: number;
  reason: string | null;
  ciReason: string | null;
}

async function json(...argv: string[]): Promise<{ results: JsonResult[]; stderr: string }> {
  const { code, stdout, stderr } = await run(...argv, '--json');
  expect(code, stderr).toBe(0);
  expect(stdout.endsWith('\n')).toBe(true);
  expect(stdout.trimEnd().split('\n')).toHaveLength(1);
  const parsed = JSON.parse(stdout) as { results: JsonResult[] };
  expect(Object.keys(parsed)).toEqual(['results']);
  for (const result of parsed.results) {
    // pairs only on a Cohen result over more than two raters: two-rater output keeps its shape
    const pairs = 'pairs' in result ? ['pairs'] : [];
    if ('pairs' in result) expect([result.coefficient, result.raters > 2]).toEqual(['cohen', true]);
    expect(Object.keys(result)).toEqual(['field', 'coefficient', 'weights', 'level', 'value', 'se', 'ci95', 'items', 'raters', 'missing', 'reason', 'ciReason', ...pairs]);
  }
  return { results: parsed.results, stderr };
}

const find = (results: JsonResult[], coefficient: string, field: string | null = null) => {
  const found = results.find((result) => result.coefficient === coefficient && result.field === field);
  if (!found) throw new Error(`no ${coefficient} result for ${field}`);
  return found;
};

describe('cli agreement, counts layout', () => {
  it('§3.2 diagnoses as counts: Fleiss κ 0.4302445 (R, 7 dp) with its SE under H0, Randolph and alpha (derived); no warning', async () => {
    const { results, stderr } = await json('--input', `${FIXTURES}diagnoses-counts.csv`, '--layout', 'counts');
    expect(stderr).toBe('');
    expect(results.map((result) => result.coefficient)).toEqual(['percent', 'cohen', 'fleiss', 'randolph', 'krippendorff', 'gwet']);
    const fleiss = find(results, 'fleiss');
    expect(fleiss.value).toBeCloseTo(0.4302445, 7);
    expect(fleiss.se).toBeCloseTo(0.024373932099411154, 9);
    expect(fleiss).toMatchObject({ ci95: null, items: 30, raters: 6, missing: 0, reason: null, weights: null, level: null });
    expect(find(results, 'randolph').value).toBeCloseTo(0.4444444444444443, 9);
    expect(find(results, 'krippendorff')).toMatchObject({ level: 'nominal' });
    expect(find(results, 'krippendorff').value).toBeCloseTo(0.4334098282820289, 9);
    expect(find(results, 'cohen')).toMatchObject({ value: null, reason: "Cohen's kappa needs to know which rater gave which rating, and the counts layout does not say." });
  });

  it('§3.1 Wikipedia table: Fleiss κ 0.210 (3 dp); text mode shows the table, the band in both languages and what se means', async () => {
    const { results } = await json('--input', `${FIXTURES}wikipedia-counts.csv`, '--layout', 'counts', '--coefficient', 'fleiss,randolph');
    expect(results.map((result) => result.coefficient)).toEqual(['fleiss', 'randolph']);
    expect(results[0].value).toBeCloseTo(0.21, 3);
    expect(results[1].value).toBeCloseTo(0.2225274725274725, 9);
    const { code, stdout } = await run('--input', `${FIXTURES}wikipedia-counts.csv`, '--layout', 'counts', '--coefficient', 'fleiss');
    expect(code).toBe(0);
    const lines = stdout.split('\n');
    expect(lines[0]).toMatch(/^coefficient\s+variant\s+value\s+se\s+95% CI\s+p\s+observed\s+expected\s+n\s+raters\s+missing\s+excluded\s+agreement$/);
    expect(lines[1]).toMatch(/^fleiss\s+—\s+0\.2099\s+0\.0170\s+—\s+<0\.0001\s+0\.3780\s+0\.2128\s+10\s+14\s+0\s+0\s+fair 一般一致$/);
    expect(stdout).toContain('fleiss: se is the SE under H0 κ = 0 (Fleiss, Nee & Landis 1979, as R irr), so it only gives p; no CI.');
  });


  it('rows with fewer ratings than the largest row: a warning says how they count; Fleiss leaves them out, alpha keeps them', async () => {
    const file = `${FIXTURES}unequal-counts.csv`;
    const { results, stderr } = await json('--input', file, '--layout', 'counts', '--coefficient', 'fleiss,krippendorff');
    expect(stderr).toBe(
      `${file}:1: warning: Items have between 2 and 3 ratings; the panel is taken to be 3 raters and shorter rows count the rest as missing (Fleiss' and Randolph's kappa leave those items out).\n`,
    );
    expect(results[0]).toMatchObject({ coefficient: 'fleiss', items: 3, raters: 3, missing: 1 });
    expect(results[1]).toMatchObject({ coefficient: 'krippendorff', items: 4, raters: 3, missing: 1 });
  });
});

describe('cli agreement, ratings layout', () => {
  const anxiety = `${FIXTURES}anxiety-ratings.csv`;
  const scale = ['--categories', '1,2,3,4,5,6'];

  it('§2.2 anxiety raters 2 vs 3 over the full 1–6 scale: unweighted, linear, quadratic (the unused-category values)', async () => {
    const pick = async (weights: string) => (await json('--input', anxiety, ...scale, '--raters', 'r2,r3', '--coefficient', 'cohen', '--weights', weights)).results[0];
    const unweighted = await pick('none');
    expect(unweighted.value).toBeCloseTo(-0.006289308, 9);
    expect(unweighted).toMatchObject({ weights: 'none', items: 20, raters: 2, missing: 0, reason: null });
    expect(unweighted.ci95?.[0]).toBeCloseTo((unweighted.value as number) - 1.959963984540054 * (unweighted.se as number), 12);
    expect((await pick('linear')).value).toBeCloseTo(0.12621359223300965, 9);
    expect((await pick('quadratic')).value).toBeCloseTo(0.22979797979797978, 9);
  });

  it('§3.4 anxiety, all three raters: Fleiss and alpha at three levels (derived)', async () => {
    const fleiss = (await json('--input', anxiety, ...scale, '--coefficient', 'fleiss')).results[0];
    expect(fleiss.value).toBeCloseTo(-0.04107648725212462, 9);
    const levels: [string, number][] = [
      ['nominal', -0.023725212464589474],
      ['ordinal', 0.22838694529232206],
      ['interval', 0.17009860788863107],
    ];
    for (const [level, value] of levels) {
      const alpha = (await json('--input', anxiety, ...scale, '--coefficient', 'krippendorff', '--level', level)).results[0];
      expect(alpha).toMatchObject({ level, items: 20, raters: 3 });
      expect(alpha.value).toBeCloseTo(value, 9);
    }
  });

  it('§4.1 C data with missing ratings (absent rows and empty labels): alpha 0.743421052632 (7 dp), interval 0.849, percent 0.800, 7 missing', async () => {
    const { results } = await json('--input', `${FIXTURES}krippendorff-c.csv`, '--categories', '1,2,3,4,5', '--coefficient', 'krippendorff,percent');
    expect(results[0].value).toBeCloseTo(0.743421052632, 7);
    expect(results[0]).toMatchObject({ items: 11, raters: 4, missing: 7 });
    expect(results[1].value).toBeCloseTo(0.8, 12);
    const interval = (await json('--input', `${FIXTURES}krippendorff-c.csv`, '--categories', '1,2,3,4,5', '--coefficient', 'krippendorff', '--level', 'interval')).results[0];
    expect(Math.abs((interval.value as number) - 0.849)).toBeLessThanOrEqual(0.001);
  });

  it('a field column gives results per field, in file order, each with the labels seen and a warning that says so', async () => {
    const { results, stderr } = await json('--input', `${FIXTURES}two-fields.csv`, '--coefficient', 'cohen');
    expect(results.map((result) => result.field)).toEqual(['teacher_intent', 'guidance_level']);
    expect(results[0].value).toBeCloseTo(0.8013, 4);
    expect(results[1].value).toBeCloseTo(0.9315, 4);
    expect(stderr.trimEnd().split('\n')).toEqual([
      `${FIXTURES}two-fields.csv:1: warning: No --categories given; using the 3 labels seen for field "teacher_intent", sorted: Chck, IReq, STAT. A category nobody used is then left out, which changes weighted kappa, Gwet's AC1 and Randolph's kappa; give the full ordered list with --categories.`,
      `${FIXTURES}two-fields.csv:1: warning: No --categories given; using the 3 labels seen for field "guidance_level", sorted: L1, L2, L3. A category nobody used is then left out, which changes weighted kappa, Gwet's AC1 and Randolph's kappa; give the full ordered list with --categories.`,
    ]);
  });

  it('an empty label is a missing rating, counted; undefined results carry their reason; unused columns are named', async () => {
    const { results, stderr } = await json('--input', `${FIXTURES}missing-and-extra-column.csv`, '--coefficient', 'cohen,percent');
    expect(find(results, 'cohen', 'intent')).toMatchObject({ value: null, items: 1, missing: 1, reason: 'Only 1 item rated by both raters; the coefficient needs at least two.' });
    expect(find(results, 'percent', 'intent')).toMatchObject({ value: 1, items: 1, missing: 1 });
    expect(stderr).toContain(`${FIXTURES}missing-and-extra-column.csv:1: warning: The column "comment" is not used (the columns are item, rater, label and optionally field).`);
  });

  it('with more than two raters, Cohen is given for every pair (all, or cohen without --raters): §2.2 r2–r3 among them', async () => {
    for (const coefficients of ['all', 'cohen']) {
      const cohen = find((await json('--input', anxiety, ...scale, '--coefficient', coefficients)).results, 'cohen');
      expect(cohen).toMatchObject({ value: null, raters: 3, reason: "Cohen's kappa compares two raters and there are 3 (r1, r2, r3); it is given for each pair of them (or choose two with --raters A,B)." });
      expect(cohen.pairs?.map((pair) => pair.raters)).toEqual([['r1', 'r2'], ['r1', 'r3'], ['r2', 'r3']]);
      expect(cohen.pairs?.[2].kappa).toBeCloseTo(-0.006289308, 9);
      expect(cohen.pairs?.[2].n).toBe(20);
    }
    const linear = find((await json('--input', anxiety, ...scale, '--coefficient', 'cohen', '--weights', 'linear')).results, 'cohen');
    expect(linear.pairs?.[2].kappa).toBeCloseTo(0.12621359223300965, 9);
  });

  describe('every Cohen pair, three raters worked by hand', () => {
    // A a a a b b b, B a a b b b b, C a b a b a b; each pair's margins give Pe = 1/2, so κ = 2·Po − 1:
    // A–B Po 5/6 → 2/3, A–C Po 4/6 → 1/3, B–C Po 3/6 → 0
    const labels: Record<string, string> = { A: 'aaabbb', B: 'aabbbb', C: 'ababab' };
    const three = join(mkdtempSync(join(tmpdir(), 'maieutic-pairs-')), 'three.csv');
    const rows = Object.entries(labels).flatMap(([rater, row]) => [...row].map((label, index) => `${index + 1},${rater},${label}`));
    writeFileSync(three, `item,rater,label\n${rows.join('\n')}\n`);

    // 6 items, fewer than the default minimum of 10: the arithmetic is read with --min-items 2
    const hand = ['--min-items', '2'];

    it('pairs: kappa 2/3, 1/3, 0 over 6 items, each exactly the two-rater result of --raters', async () => {
      const cohen = find((await json('--input', three, '--categories', 'a,b', '--coefficient', 'cohen', ...hand)).results, 'cohen');
      expect(cohen.pairs?.map((pair) => [pair.raters, pair.kappa, pair.n])).toEqual([
        [['A', 'B'], expect.closeTo(2 / 3, 12), 6],
        [['A', 'C'], expect.closeTo(1 / 3, 12), 6],
        [['B', 'C'], expect.closeTo(0, 12), 6],
      ]);
      for (const pair of cohen.pairs ?? []) {
        const alone = find((await json('--input', three, '--categories', 'a,b', '--coefficient', 'cohen', '--raters', pair.raters.join(','), ...hand)).results, 'cohen');
        expect(pair).toEqual({ raters: pair.raters, kappa: alone.value, se: alone.se, ci95: alone.ci95, n: alone.items, reason: alone.reason, ciReason: alone.ciReason });
      }
    });

    it('text: a kappa matrix with — on the diagonal, then each pair with se, CI and n', async () => {
      const { code, stdout } = await run('--input', three, '--categories', 'a,b', '--coefficient', 'cohen', ...hand);
      expect(code).toBe(0);
      const lines = stdout.split('\n');
      const start = lines.indexOf('cohen (unweighted) for each pair of raters:');
      expect(lines.slice(start + 1, start + 5).map((line) => line.trim().split(/\s+/))).toEqual([
        ['A', 'B', 'C'],
        ['A', '—', '0.6667', '0.3333'],
        ['B', '0.6667', '—', '0.0000'],
        ['C', '0.3333', '0.0000', '—'],
      ]);
      expect(lines[start + 6]).toMatch(/^pair\s+kappa\s+se\s+95% CI\s+n\s+excluded$/);
      expect(lines[start + 7]).toMatch(/^A – B\s+0\.6667\s+0\.\d{4}\s+\[0\.\d{4}, 1\.0000\]\*\s+6\s+0$/);
    });
  });

  it('two raters: no pairs and no pair matrix; the output is what it was', async () => {
    const { stdout } = await run('--input', anxiety, ...scale, '--raters', 'r2,r3', '--coefficient', 'cohen');
    expect(stdout).not.toContain('for each pair of raters');
    expect(find((await json('--input', anxiety, ...scale, '--raters', 'r2,r3', '--coefficient', 'cohen')).results, 'cohen')).not.toHaveProperty('pairs');
  });

  it('alpha is a name for Krippendorff\'s alpha: the same results as krippendorff', async () => {
    const alpha = await run('--input', anxiety, ...scale, '--coefficient', 'alpha', '--level', 'ordinal', '--json');
    const krippendorff = await run('--input', anxiety, ...scale, '--coefficient', 'krippendorff', '--level', 'ordinal', '--json');
    expect(alpha.code).toBe(0);
    expect(alpha).toEqual(krippendorff);
    expect((JSON.parse(alpha.stdout) as { results: JsonResult[] }).results.map((result) => result.coefficient)).toEqual(['krippendorff']);
  });
});

describe('cli agreement, bad input: file:line: message on stderr, exit 1, nothing on stdout', () => {
  it('labels outside --categories, one line each', async () => {
    const { code, stdout, stderr } = await run('--input', `${FIXTURES}anxiety-ratings.csv`, '--categories', '1,2,3,4,6');
    expect(code).toBe(1);
    expect(stdout).toBe('');
    const message = 'The label "5" is not one of the categories given with --categories (1, 2, 3, 4, 6).';
    expect(stderr.trimEnd().split('\n')).toEqual([14, 17, 26, 41].map((line) => `${FIXTURES}anxiety-ratings.csv:${line}: ${message}`));
  });

  it('a repeated rating, an empty item, a row with too many cells', async () => {
    const file = `${FIXTURES}bad/ratings-problems.csv`;
    const { code, stdout, stderr } = await run('--input', file);
    expect(code).toBe(1);
    expect(stdout).toBe('');
    expect(stderr.trimEnd().split('\n')).toEqual([
      `${file}:3: Rater "A" already rated item "1" on line 2; each rater rates an item once.`,
      `${file}:4: The item cell is empty; every rating names its item and its rater. (An empty label is a missing rating.)`,
      `${file}:5: This row has 4 cells and the header has 3; a label that contains the delimiter needs quotes.`,
    ]);
  });

  it('a header without the label column', async () => {
    const file = `${FIXTURES}bad/missing-label-column.csv`;
    const { code, stderr } = await run('--input', file);
    expect(code).toBe(1);
    expect(stderr).toBe(`${file}:1: The header needs the columns item, rater and label (missing: label; found: item, rater, code). For a table of counts per category use --layout counts.\n`);
  });

  it('counts that are not whole numbers, and an item given twice', async () => {
    const file = `${FIXTURES}bad/counts-problems.csv`;
    const { code, stderr } = await run('--input', file, '--layout', 'counts');
    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n')).toEqual([
      `${file}:2: The count "1.5" for "b" is not a whole number of raters (0 or more).`,
      `${file}:3: The count "x" for "a" is not a whole number of raters (0 or more).`,
      `${file}:4: Item "1" already has a row (line 2); give each item one row.`,
    ]);
  });

  it('a file that does not exist', async () => {
    const { code, stderr } = await run('--input', `${FIXTURES}nothing-here.csv`);
    expect(code).toBe(1);
    expect(stderr).toBe(`${FIXTURES}nothing-here.csv: The path does not exist (no such file or folder).\n`);
  });

  it('--categories that leave out a column of the counts layout', async () => {
    const file = `${FIXTURES}wikipedia-counts.csv`;
    const { code, stderr } = await run('--input', file, '--layout', 'counts', '--categories', 'c1,c2,c3,c4');
    expect(code).toBe(1);
    expect(stderr).toBe(`${file}:1: The header has "c5", which --categories does not list (c1, c2, c3, c4).\n`);
  });
});

describe('cli agreement, command line', () => {
  const usageErrors: [string[], string][] = [
    [['--input', 'x.csv', '--weights', 'cubic'], '--weights must be one of none, linear, quadratic; got "cubic".'],
    [['--input', 'x.csv', '--level', 'metric'], '--level must be one of nominal, ordinal, interval, ratio; got "metric".'],
    [['--input', 'x.csv', '--coefficient', 'scott'], '--coefficient must be one of percent, cohen, fleiss, randolph, krippendorff, gwet (or alpha), all (or a comma-separated list); got "scott".'],
    [['--input', 'x.csv', '--frobnicate'], 'Unknown option --frobnicate.'],
    [['x.csv'], 'Unexpected argument "x.csv"; give a ratings file with --input, or each annotation layer with --dataset.'],
    [[], 'Give a ratings file with --input <file.csv>, or two or more annotation layers (SID files or folders) with --dataset <layer A> --dataset <layer B>.'],
    [['--input', 'x.csv', '--input', 'y.csv'], '--input is given 2 times; give it once.'],
    [['--input', 'x.csv', '--raters', 'A'], '--raters names two different raters, e.g. --raters A,B; got "A".'],
    [['--input', 'x.csv', '--categories', 'a,,b'], '--categories has an empty entry; list the labels separated by commas, e.g. --categories L1,L2,L3.'],
    [['--input', 'x.csv', '--layout', 'counts', '--raters', 'A,B'], '--raters needs the ratings layout: a counts layout does not say which rater gave which rating.'],
    [['--input', 'x.csv', '--layout', 'counts', '--coefficient', 'cohen'], "Cohen's kappa needs the ratings layout (item,rater,label): a counts layout does not say which rater gave which rating."],
    [
      ['--dataset', 'a.jsonl', '--field', 'teacher_intent'],
      'The --dataset form compares annotation layers: give at least two, e.g. --dataset llm.jsonl --dataset human.jsonl.',
    ],
  ];
  for (const [argv, message] of usageErrors) {
    it(`exit 2: ${argv.join(' ') || '(nothing)'}`, async () => {
      const { code, stdout, stderr } = await run(...argv);
      expect(code).toBe(2);
      expect(stdout).toBe('');
      expect(stderr.startsWith(`${message}\n\nUsage: npm run -s cli -- agreement`)).toBe(true);
    });
  }

  it('--raters naming someone who rated nothing is a usage error listing the raters', async () => {
    const { code, stderr } = await run('--input', `${FIXTURES}anxiety-ratings.csv`, '--raters', 'r1,r9');
    expect(code).toBe(2);
    expect(stderr).toBe(`--raters: no rater named "r9" in ${FIXTURES}anxiety-ratings.csv (raters: r1, r2, r3).\n`);
  });

  it('--help prints the usage on stdout; the command list names agreement', async () => {
    const help = await run('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run -s cli -- agreement --input <ratings\.csv> \[options\]/);
    let list = '';
    await runCli(['--help'], { stdout: (text) => void (list += text), stderr: () => undefined });
    expect(list).toMatch(/\n {2}agreement {2,}inter-annotator agreement/);
  });
});

describe('cli agreement: what a coefficient may claim (too few items, a zero-width interval)', () => {
  const folder = mkdtempSync(join(tmpdir(), 'maieutic-evidence-'));
  const ratings = (name: string, a: string, b: string) => {
    const path = join(folder, name);
    const rows = [...a].flatMap((label, index) => [`${index + 1},A,${label}`, `${index + 1},B,${b[index]}`]);
    writeFileSync(path, `item,rater,label\n${rows.join('\n')}\n`);
    return path;
  };
  // 6 items, Po 5/6, Pe 1/2 (margins A 3/3, B 2/4): κ = 2/3, but below the minimum of 10
  const six = ratings('six.csv', 'aaabbb', 'aabbbb');
  // 12 items: A always "a", B "a" on 9 and "b" on 3: Po = Pe = 3/4, κ = 0 with SE 0 (references §7)
  const constant = ratings('constant.csv', 'aaaaaaaaaaaa', 'aaaaaaaaabbb');
  // 12 items, all agreeing over two categories: κ = 1, ASE 0 (SM, references §7)
  const perfect = ratings('perfect.csv', 'aaaaaabbbbbb', 'aaaaaabbbbbb');

  it('gives no coefficient on 6 items: value, se, CI and p null, "too few items (n = 6, at least 10 needed)"; percent agreement stays', async () => {
    const { results } = await json('--input', six, '--categories', 'a,b');
    for (const coefficient of ['cohen', 'fleiss', 'randolph', 'krippendorff', 'gwet']) {
      expect(find(results, coefficient)).toMatchObject({ value: null, se: null, ci95: null, reason: 'Too few items (n = 6, at least 10 needed): a coefficient on so few items is not given.' });
    }
    expect(find(results, 'percent').value).toBeCloseTo(5 / 6, 12);
    const { stdout } = await run('--input', six, '--categories', 'a,b', '--coefficient', 'cohen');
    expect(stdout).toMatch(/^cohen\s+unweighted\s+too few\s+—\s+—\s+—/m);
    expect(stdout).toContain('cohen: Too few items (n = 6, at least 10 needed)');
    // the same data with --min-items 6 gives the value (2·5/6 − 1 = 2/3)
    expect(find((await json('--input', six, '--categories', 'a,b', '--min-items', '6')).results, 'cohen').value).toBeCloseTo(2 / 3, 12);
  });

  it('a zero-width interval is "not defined" with its reason: one rater gave one category (κ 0), every item agrees (κ 1)', async () => {
    const zero = find((await json('--input', constant, '--categories', 'a,b', '--coefficient', 'cohen')).results, 'cohen');
    expect([zero.value, zero.se, zero.ci95]).toEqual([0, 0, null]);
    expect(zero.ciReason).toMatch(/^One rater gave a single category to every item, so kappa is 0 whatever the other rater did/);
    const one = find((await json('--input', perfect, '--categories', 'a,b', '--coefficient', 'cohen')).results, 'cohen');
    expect([one.value, one.se, one.ci95]).toEqual([1, 0, null]);
    expect(one.ciReason).toMatch(/^Every item agrees, so the asymptotic standard error is 0/);
    const { stdout } = await run('--input', perfect, '--categories', 'a,b', '--coefficient', 'cohen');
    expect(stdout).toMatch(/^cohen\s+unweighted\s+1\.0000\s+0\.0000\s+not defined\s/m);
    expect(stdout).toContain('cohen: Every item agrees');
  });

  it('--min-items is a whole number of at least 2', async () => {
    for (const given of ['1', '2.5', 'ten', '']) {
      const { code, stderr } = await run('--input', six, '--min-items', given);
      expect(code).toBe(2);
      expect(stderr).toMatch(/--min-items (is the fewest items a coefficient is given for|needs a value)/);
    }
  });
});
