/**
 * `synthesize-rubric` against the scripted server playing drafter, test-item writer, generator,
 * judge and reviser, through the real engine (one rubric-synthesis job per round): a too-lenient
 * metric found in round 0 and revised in its description and examples only; anchor drift warned
 * of; a worse round rolled back (the output is the best round's set); early stops and --rounds;
 * a bad spec refused with its file and line; a rerun after a round cut short repeats no finished
 * call (counted at the server); the key in no file and no output.
 */
import { readFile, stat } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parseRubricSet } from '../../../shared/judge';
import { metricsToRubricSet, parseSynthesisSpec, REVISABLE_FIELDS, type DraftMetric } from '../../../shared/synthesis';
import { reply, synthesisPlayer, type ChatRequest } from '../../support/llm-server';
import { runCaptured } from './run-captured';
import { KEY, ROUND_0_CALLS, TEST_ITEMS, everyFileText, playerByRound, specYaml, useSynthesizeHarness } from './synthesize-support';

interface ReportRound { round: number; startedFrom: number | null; metrics: DraftMetric[]; diff: { changes: { metric: string; field: string }[] } | null; decision: { action: string; reason: string; rollbackTo: number | null } }
interface Report { best: number; rubricSetVersion: string; stopped: { afterRound: number; reason: string } | null; rounds: ReportRound[] }

const fixed = (metric: DraftMetric) => ({ id: metric.id, name: metric.name, dimension: metric.dimension, weight: metric.weight });
const exists = (path: string) => stat(path).then(() => true, () => false);

describe('synthesize-rubric', () => {
  const harness = useSynthesizeHarness();
  const { state, paths, writeSpec, args } = harness;
  const readReport = async () => JSON.parse(await readFile(paths().report, 'utf8')) as Report;

  it('finds the too-lenient metric in round 0, revises only its description and examples, stops all-fine before --rounds; the output reads back as a rubric set; a rerun asks nothing; the key is nowhere', async () => {
    state.server.setDefaultHandler(synthesisPlayer({ lenient: ['A-1'] }));
    const spec = await writeSpec();
    const run = await runCaptured(args(spec, '--rounds', '4'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('synthesize-rubric: round 0: 1/2 metrics fine (50%); A-1 too-lenient, B-1 fine\n');
    expect(run.stdout).toContain('synthesize-rubric: next: revise A-1 (first-round)\n');
    expect(run.stdout).toMatch(/round 1: revised A-1 from round 0; 2\/2 metrics fine \(100%\); A-1 fine, B-1 fine; anchor drift [\d.]+ since round 0 \(threshold 4\)\n/);
    expect(run.stdout).toContain('synthesize-rubric: stopped after round 1: all-fine');
    expect(run.stdout).not.toMatch(/WARNING|rolled back/);

    const report = await readReport();
    expect(report.rounds.map((round) => round.round)).toEqual([0, 1]);
    expect(report.stopped).toEqual({ afterRound: 1, reason: 'all-fine' });
    // names, dimensions and weights of every metric identical in every round
    for (const round of report.rounds) expect(round.metrics.map(fixed)).toEqual(report.rounds[0].metrics.map(fixed));
    const changes = report.rounds[1].diff?.changes ?? [];
    expect(changes.length).toBeGreaterThan(0);
    expect(changes.every((change) => change.metric === 'A-1' && (REVISABLE_FIELDS as readonly string[]).includes(change.field))).toBe(true);
    expect(report.rounds[1].startedFrom).toBe(0);

    const text = await readFile(paths().out, 'utf8');
    const set = parseRubricSet(JSON.parse(text), paths().out);
    expect(set).toEqual(JSON.parse(text));
    expect(set.version).toBe('1+r1');
    expect(set.rubrics.map((rubric) => [rubric.id, rubric.definition.en])).toEqual([['A-1', 'revised A-1'], ['B-1', 'original B']]);
    const parsed = parseSynthesisSpec(specYaml(), 'spec.yaml');
    if (!parsed.ok) throw new Error('the test spec does not parse');
    expect(set).toEqual(metricsToRubricSet(parsed.spec, report.rounds[1].metrics, 1));

    // the key went to the server, and nowhere else
    const requests = state.server.log.chatRequests();
    expect(requests).toHaveLength(ROUND_0_CALLS + 1 + TEST_ITEMS);
    expect(requests.every((request) => request.headers.authorization === `Bearer ${KEY}`)).toBe(true);
    const files = await everyFileText(state.dir.path);
    expect([...files.keys()].some((file) => file.endsWith('rounds.jsonl'))).toBe(true);
    for (const [file, content] of files) expect(content, file).not.toContain(KEY);
    expect(run.stdout + run.stderr).not.toContain(KEY);

    const again = await runCaptured(args(spec, '--rounds', '4'));
    expect(again.code, again.stderr).toBe(0);
    expect(state.server.log.chatRequests()).toHaveLength(requests.length);
    expect(again.stdout).toContain('round 1 (from the journal)');
    expect(await readFile(paths().out, 'utf8')).toBe(text);
  }, 60_000);

  it('a round cut short (the key refused midway) keeps the finished rounds; the rerun repeats no finished call', async () => {
    const spec = await writeSpec();
    const player = synthesisPlayer({ lenient: ['A-1'] });
    // round 0's calls, round 1's revision and one judge call answered, then the key is refused
    const answeredBefore = ROUND_0_CALLS + 2;
    let answered = 0;
    state.server.setDefaultHandler((request: ChatRequest) => (answered++ < answeredBefore ? player(request) : reply.status(401)));
    const stopped = await runCaptured(args(spec));
    expect(stopped.code).toBe(1);
    expect(stopped.stderr).toMatch(/round 1 failed: .*API key/);
    expect(stopped.stderr).toContain('1 round(s) kept in');
    expect(await exists(paths().out)).toBe(false);
    expect((await readFile(`${paths().folder}/rounds.jsonl`, 'utf8')).trim().split('\n')).toHaveLength(1);
    const answeredBodies = new Set(state.server.log.chatRequests().filter((request) => request.reply?.kind === 'answer').map((request) => request.rawBody));
    expect(answeredBodies.size).toBe(answeredBefore);

    state.server.setDefaultHandler(player);
    const before = state.server.log.chatRequests().length;
    const resumed = await runCaptured(args(spec));
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain('round 0 (from the journal)');
    const askedNow = state.server.log.chatRequests().slice(before);
    expect(askedNow.filter((request) => answeredBodies.has(request.rawBody))).toEqual([]);
    expect(askedNow).toHaveLength(ROUND_0_CALLS + 1 + TEST_ITEMS - answeredBefore);
    expect(stopped.stdout + stopped.stderr + resumed.stdout + resumed.stderr).not.toContain(KEY);
  }, 60_000);

  it('prints a WARNING when the anchors drift beyond the threshold, and rolls the drifted round back', async () => {
    // from round 1, B-1 (not revised) is scored at the floor: its anchors move by 2.5 points
    state.server.setDefaultHandler(playerByRound([{ lenient: ['A-1'] }, { lenient: ['A-1'], override: (metric, _item, revised) => (metric === 'B-1' ? 1 : revised ? undefined : 5) }]));
    const spec = await writeSpec({ drift: 0.5 });
    const run = await runCaptured(args(spec, '--rounds', '1'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/synthesize-rubric: WARNING: round 1: since round 0: anchor scores moved by [\d.]+ on average \(threshold 0.5\); beyond it: .*B-1 [\d.]+\n/);
    expect(run.stdout).toContain('rolled back to round 0');
    expect(run.stdout).toContain('stopped after round 1: max-rounds');
    const set = parseRubricSet(JSON.parse(await readFile(paths().out, 'utf8')));
    expect(set.version).toBe('1+r0');
    expect(set.rubrics[0].definition.en).toBe('original A');
  }, 60_000);

  it('rolls a worse round back: the next round starts from the best, and the output is the best round\'s set', async () => {
    // A-1 and B-1 lenient in the draft; B-1 stays lenient; round 1 fixes A-1 (2/3); in round 2 C-1 falls to the floor (1/3)
    const stillLenient = (metric: string) => (metric === 'B-1' ? 5 : undefined);
    state.server.setDefaultHandler(playerByRound([
      { lenient: ['A-1', 'B-1'] },
      { lenient: ['A-1'], override: stillLenient },
      { lenient: ['A-1'], override: (metric) => (metric === 'C-1' ? 1 : stillLenient(metric)) },
    ]));
    const spec = await writeSpec({ dimensions: ['A', 'B', 'C'] });
    const run = await runCaptured(args(spec, '--rounds', '3'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('round 1: revised A-1, B-1 from round 0; 2/3 metrics fine');
    expect(run.stdout).toContain('round 2: revised none from round 1; 1/3 metrics fine');
    expect(run.stdout).toContain('synthesize-rubric: round 2 is worse than round 1: rolled back to round 1\n');
    const report = await readReport();
    expect(report.best).toBe(1);
    expect(report.rounds.map((round) => round.startedFrom)).toEqual([null, 0, 1, 1]);
    const set = parseRubricSet(JSON.parse(await readFile(paths().out, 'utf8')));
    expect(set.version).toBe('1+r1');
    const parsed = parseSynthesisSpec(specYaml({ dimensions: ['A', 'B', 'C'] }), 'spec.yaml');
    if (!parsed.ok) throw new Error('the test spec does not parse');
    expect(set).toEqual(metricsToRubricSet(parsed.spec, report.rounds[1].metrics, 1));
    for (const round of report.rounds) expect(round.metrics.map(fixed)).toEqual(report.rounds[0].metrics.map(fixed));
  }, 60_000);

  it('stops early on no-gain within patience, before --rounds', async () => {
    // every revision changes a weight and is refused: round 1 gains nothing
    state.server.setDefaultHandler(synthesisPlayer({ lenient: ['A-1'], reviserChangesWeight: true }));
    const spec = await writeSpec({ patience: 1 });
    const run = await runCaptured(args(spec, '--rounds', '5'));
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('round 1: revised none (refused: A-1) from round 0');
    expect(run.stdout).toContain('stopped after round 1: no-gain');
    expect((await readReport()).rounds).toHaveLength(2);
  }, 60_000);

  it('--rounds N caps the revisions (overriding max_rounds); --rounds 0 drafts only', async () => {
    // A-1 is lenient whatever its text: never fine
    state.server.setDefaultHandler(synthesisPlayer({ override: (metric) => (metric === 'A-1' ? 5 : undefined) }));
    const spec = await writeSpec({ patience: 5, maxRounds: 5 });
    const capped = await runCaptured(args(spec, '--rounds', '2'));
    expect(capped.code, capped.stderr).toBe(0);
    expect(capped.stdout).toContain('stopped after round 2: max-rounds');
    const report = await readReport();
    expect(report.rounds.map((round) => round.round)).toEqual([0, 1, 2]);
    expect(report.stopped).toEqual({ afterRound: 2, reason: 'max-rounds' });

    const draftOnly = await runCaptured([...args(spec, '--rounds', '0').map((arg) => arg.replace('rubric.json', 'draft.json'))]);
    expect(draftOnly.code, draftOnly.stderr).toBe(0);
    expect(draftOnly.stdout).toContain('stopped after round 0: max-rounds');
    const draft = JSON.parse(await readFile(paths().out.replace('rubric.json', 'draft.rounds.json'), 'utf8')) as Report;
    expect(draft.rounds).toHaveLength(1);
    expect(parseRubricSet(JSON.parse(await readFile(paths().out.replace('rubric.json', 'draft.json'), 'utf8'))).version).toBe('1+r0');
  }, 60_000);

  it('refuses a journal written with other settings, asking nothing, until the same settings or another --out are given', async () => {
    state.server.setDefaultHandler(synthesisPlayer({ lenient: ['A-1'] }));
    const spec = await writeSpec();
    expect((await runCaptured(args(spec, '--rounds', '0'))).code).toBe(0);
    const requests = state.server.log.chatRequests().length;
    const other = await runCaptured(args(spec, '--rounds', '0', '--answers-per-item', '2'));
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/rounds\.jsonl:1: a round run with other settings .*"answersPerItem":1.*"answersPerItem":2/);
    expect(state.server.log.chatRequests()).toHaveLength(requests);
    const same = await runCaptured(args(spec, '--rounds', '0'));
    expect(same.code, same.stderr).toBe(0);
    expect(state.server.log.chatRequests()).toHaveLength(requests);
  }, 60_000);

  it('refuses a bad spec with its file, line and column, calls nothing and writes nothing', async () => {
    const spec = await writeSpec({}, specYaml().replace('anchors: 2', 'anchros: 2'));
    const line = specYaml().split('\n').findIndex((text) => text.startsWith('anchors:')) + 1;
    const run = await runCaptured(args(spec));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${spec}:${line}:1: anchros:`);
    expect(state.server.log.chatRequests()).toHaveLength(0);
    for (const path of Object.values(paths())) expect(await exists(path), path).toBe(false);
  });

  it('is in the command list; --help prints its usage; a wrong command line or an unplaced connection exits 2 before any call', async () => {
    const help = await runCaptured(['--help']);
    expect(help.stdout).toMatch(/\n {2}synthesize-rubric +synthesize a rubric set/);
    const usage = await runCaptured(['synthesize-rubric', '--help']);
    expect(usage.code).toBe(0);
    expect(usage.stdout.startsWith('Usage: npm run -s cli -- synthesize-rubric <spec.yaml> --out RUBRIC.json')).toBe(true);
    const spec = await writeSpec();
    const noOut = await runCaptured(['synthesize-rubric', spec, '--base-url', state.server.baseURL]);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toContain('--out is required');
    const badRounds = await runCaptured(args(spec, '--rounds', '-1'));
    expect(badRounds.code).toBe(2);
    expect(badRounds.stderr).toContain('--rounds must be a whole number from 0 to 50');
    const withoutJudge = args(spec);
    withoutJudge.splice(withoutJudge.indexOf('judge=judge-model') - 1, 2);
    const noJudgeModel = await runCaptured(withoutJudge);
    expect(noJudgeModel.code).toBe(2);
    expect(noJudgeModel.stderr).toContain('the connection judge has no model');
    expect(state.server.log.chatRequests()).toHaveLength(0);
  });
});
