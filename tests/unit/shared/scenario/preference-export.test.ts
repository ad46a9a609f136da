import { describe, expect, it } from 'vitest';
import { dpoJsonl, noPairReason, preferenceDataCard, preferenceLeftOut, preferencePairs, preferenceTally, sftJsonl } from '../../../../shared/scenario';
import { branch, candidate, complete, failed, STUDENT_PROMPT } from './output-fixtures';

// Pass@2 with n = 4: c = 1 → .5, c = 2 → 5/6, c = 3 → 1
const KEPT = complete({
  taskIndex: 0,
  preferences: [
    // stored out of turn order: the pairs come in turn order
    branch(5, [candidate('答案是 72 吗？', 4, 2), candidate('<b>五月</b>卖了多少？', 4, 2), candidate('四月卖了多少？', 4, 1), candidate('五月卖了多少？', 4, 1)], 0),
    branch(1, [candidate('“一半”是什么意思？', 4, 1), candidate('五月卖了 48 / 2 = 24 个吗？', 4, 3), candidate('我该先算什么？', 4, 2)], 1),
    branch(3, [candidate('为什么？', 4, 2), candidate('怎么办？', 4, 2)], null),
  ],
});
const DROPPED = complete({ taskIndex: 1, preferences: [branch(1, [candidate('甲', 4, 1), candidate('乙', 4, 3)], 1)] }, false);
const FAILED = failed({ taskIndex: 2, preferences: [branch(1, [candidate('丙', 4, 1), candidate('丁', 4, 3)], 1)] });
const RUN = [DROPPED, KEPT, FAILED];

describe('preferencePairs', () => {
  const pairs = preferencePairs(RUN);

  it('pairs the chosen candidate with every lower-scoring one of the kept conversations, in turn order', () => {
    expect(pairs.map(({ conversationId, beforeTurn, chosen, rejected, chosenPassAtK, rejectedPassAtK }) => ({ conversationId, beforeTurn, chosen, rejected, chosenPassAtK, rejectedPassAtK }))).toEqual([
      { conversationId: 't0-r1', beforeTurn: 1, chosen: '五月卖了 48 / 2 = 24 个吗？', rejected: '“一半”是什么意思？', chosenPassAtK: 1, rejectedPassAtK: 0.5 },
      { conversationId: 't0-r1', beforeTurn: 1, chosen: '五月卖了 48 / 2 = 24 个吗？', rejected: '我该先算什么？', chosenPassAtK: 1, rejectedPassAtK: KEPT.preferences[1].candidates[2].passAtK['2'] },
      // the tie at 5/6 ('<b>五月</b>卖了多少？') is no pair
      { conversationId: 't0-r1', beforeTurn: 5, chosen: '答案是 72 吗？', rejected: '四月卖了多少？', chosenPassAtK: KEPT.preferences[0].candidates[0].passAtK['2'], rejectedPassAtK: 0.5 },
      { conversationId: 't0-r1', beforeTurn: 5, chosen: '答案是 72 吗？', rejected: '五月卖了多少？', chosenPassAtK: KEPT.preferences[0].candidates[0].passAtK['2'], rejectedPassAtK: 0.5 },
    ]);
    expect(pairs.every((pair) => pair.k === 2 && pair.teacherModel === 'qwen2.5-7b-instruct')).toBe(true);
    expect(pairs[0].prompt).toEqual(STUDENT_PROMPT);
  });

  it('compares by the largest k: a tie there is no pair even when Pass@1 differs', () => {
    // c = 3 and c = 4 of n = 4 both have Pass@2 = 1
    const tied = complete({ preferences: [branch(1, [candidate('甲', 4, 4), candidate('乙', 4, 3)], 0)] });
    expect(preferencePairs([tied])).toEqual([]);
    const byOne = complete({ preferences: [branch(1, [candidate('甲', 4, 4, [1]), candidate('乙', 4, 3, [1])], 0)] });
    expect(preferencePairs([byOne]).map((pair) => [pair.chosen, pair.rejected, pair.k])).toEqual([['甲', '乙', 1]]);
    // a candidate scored without the largest k is read from its n and c
    const mixed = complete({ preferences: [branch(1, [candidate('甲', 4, 2), candidate('乙', 4, 1, [1])], 0)] });
    expect(preferencePairs([mixed]).map((pair) => [pair.rejected, pair.rejectedPassAtK])).toEqual([['乙', 0.5]]);
  });

  it('leaves out a rejected question with the chosen one’s text and one scored above it', () => {
    const odd = complete({ preferences: [branch(1, [candidate('同一个问题', 4, 2), candidate(' 同一个问题 ', 4, 1), candidate('更好的问题', 4, 4)], 0)] });
    expect(preferencePairs([odd])).toEqual([]);
  });
});

describe('dpoJsonl and sftJsonl', () => {
  const pairs = preferencePairs(RUN);

  it('writes TRL conversational preference rows with exactly prompt, chosen and rejected', () => {
    const text = dpoJsonl(pairs);
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.split('\n').slice(0, -1);
    expect(lines).toHaveLength(4);
    lines.forEach((line, i) => {
      const row = JSON.parse(line) as Record<string, unknown>;
      expect(Object.keys(row)).toEqual(['prompt', 'chosen', 'rejected']);
      expect(row.prompt).toEqual(STUDENT_PROMPT);
      expect(row.chosen).toEqual([{ role: 'assistant', content: pairs[i].chosen }]);
      expect(row.rejected).toEqual([{ role: 'assistant', content: pairs[i].rejected }]);
      for (const message of [...(row.prompt as object[]), ...(row.chosen as object[]), ...(row.rejected as object[])]) expect(Object.keys(message)).toEqual(['role', 'content']);
    });
    expect(lines[0]).toContain('"content":"五月卖了 48 / 2 = 24 个吗？"');
  });

  it('writes one SFT row per branch: the prompt, then the chosen question', () => {
    const lines = sftJsonl(pairs).split('\n');
    expect(lines.pop()).toBe('');
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      { messages: [...STUDENT_PROMPT, { role: 'assistant', content: '五月卖了 48 / 2 = 24 个吗？' }] },
      { messages: [...STUDENT_PROMPT, { role: 'assistant', content: '答案是 72 吗？' }] },
    ]);
    expect(Object.keys(JSON.parse(lines[0]) as object)).toEqual(['messages']);
  });

  it('keeps two teachers’ branches of one conversation id apart', () => {
    const other = { ...KEPT, teacherModel: 'deepseek-chat', connectionId: 'conn-deepseek' };
    expect(sftJsonl(preferencePairs([KEPT, other])).split('\n').filter(Boolean)).toHaveLength(4);
  });

  it('writes nothing for no pairs', () => {
    expect(dpoJsonl([])).toBe('');
    expect(sftJsonl([])).toBe('');
  });
});

describe('preferenceDataCard', () => {
  const pairs = preferencePairs(RUN);
  const withGuide = { ...KEPT, roles: { ...KEPT.roles, guide: { connectionId: 'conn-guide', model: '<img src=x onerror=alert(1)>', sampling: { temperature: 1, max_tokens: 300 } } } };
  const card = preferenceDataCard({
    payloads: [DROPPED, withGuide, FAILED],
    pairs,
    scenario: { id: 'socratic-students', version: '1', hash: 'abc123' },
    settings: { candidates: 4, atStudentTurns: [1, 3, 5], apiKey: 'sk-secret-value' },
    createdAt: '2026-12-03T13:40:00.000Z',
  });
  const lines = card.split('\n');

  it('counts conversations, branches, pairs and SFT rows', () => {
    expect(lines[0]).toBe('# Preference data card: socratic-students');
    expect(lines).toContain('Written by Maieutic on 2026-12-03T13:40:00.000Z from scenario socratic-students, version 1, hash abc123.');
    const counts = lines.indexOf('| Conversations | Used | Branches | Pairs | SFT rows |');
    expect(lines[counts + 2]).toBe('| 3 | 1 | 3 | 4 | 2 |');
  });

  it('lists the settings, never a credential', () => {
    expect(lines).toContain('| candidates | 4 |');
    expect(lines).toContain('| atStudentTurns | [1,3,5] |');
    expect(lines).toContain('| apiKey | (not written: the name looks like a credential) |');
    expect(card).not.toContain('sk-secret-value');
  });

  it('lists the models per role, with an HTML-looking name as text', () => {
    expect(lines).toContain('| teacher | qwen2.5-7b-instruct | conn-qwen2.5-7b-instruct | temperature 0.7, max_tokens 1000 | 1 |');
    expect(lines).toContain('| guide | &lt;img src=x onerror=alert(1)&gt; | conn-guide | temperature 1, max_tokens 300 | 1 |');
    expect(card).not.toContain('<img');
  });

  it('reports the Pass@k margins', () => {
    // margins: 1 − .5, 1 − 5/6, 5/6 − .5, 5/6 − .5 → sorted 1/6, 1/3, 1/3, 1/2: mean 1/3, median 1/3
    const head = lines.indexOf('| Pairs | Mean margin | Median | Min | Max | Mean chosen Pass@k | Mean rejected Pass@k |');
    expect(lines[head + 2]).toBe('| 4 | 0.333 | 0.333 | 0.167 | 0.500 | 0.917 | 0.583 |');
    expect(card).toContain('at k = 2');
  });

  it('takes the median of an even number of margins halfway between the middle two', () => {
    const margins = [0.1, 0.5, 0.2, 0.4].map((margin, i) => ({ ...pairs[0], rejected: `问题 ${i}`, chosenPassAtK: 0.9, rejectedPassAtK: 0.9 - margin }));
    const even = preferenceDataCard({ payloads: RUN, pairs: margins, scenario: { id: 's', version: '1', hash: 'h' }, settings: {}, createdAt: 't' }).split('\n');
    const head = even.indexOf('| Pairs | Mean margin | Median | Min | Max | Mean chosen Pass@k | Mean rejected Pass@k |');
    expect(even[head + 2]).toBe('| 4 | 0.300 | 0.300 | 0.100 | 0.500 | 0.900 | 0.600 |');
  });

  it('says what was left out and why', () => {
    const start = lines.indexOf('## Left out, and why');
    expect(lines.slice(start + 2, start + 7)).toEqual([
      '- 1 conversation failed (a call failed for good): its branches are not used.',
      '- 1 conversation was dropped by the safety step (the run lists each with its reasons): its branches are not used, as it is not in the SID files.',
      '- 1 branch had every candidate at the same Pass@k (no candidate differed): no preference, no pair and no SFT row.',
      '- 1 rejected candidate scored the same Pass@k as the chosen one: not a preference, no pair.',
      "- Never in these files: the teacher's answers to the candidate questions and the probe's draws (both only scored the candidates), and the dialogues themselves (the run's SID JSON Lines files hold those).",
    ]);
    const partial = preferenceDataCard({ payloads: RUN, pairs: pairs.slice(0, 1), scenario: { id: 's', version: '1', hash: 'h' }, settings: {}, createdAt: 't' });
    expect(partial).toContain('- 3 pairs of the run were not written (left out when the files were made).');
    expect(partial).toContain('No settings were recorded.');
  });

  it('counts the branching turns a kept conversation ended before, per turn asked for', () => {
    // KEPT branched at student turns 1, 2 (before turns 1, 3) and 3 (before turn 5); turns 4 and 6 were asked too
    const tally = preferenceTally(RUN, [6, 1, 4]);
    expect(tally.unreachedTurns).toEqual([{ turn: 4, conversations: 1 }, { turn: 6, conversations: 1 }]);
    expect(preferenceLeftOut(tally)).toEqual([
      { code: 'failed-conversations', count: 1 },
      { code: 'dropped-conversations', count: 1 },
      { code: 'turn-not-reached', count: 1, turn: 4 },
      { code: 'turn-not-reached', count: 1, turn: 6 },
      { code: 'tied-branches', count: 1 },
      { code: 'tied-candidates', count: 1 },
    ]);
    const card = preferenceDataCard({ payloads: RUN, pairs, scenario: { id: 's', version: '1', hash: 'h' }, settings: {}, createdAt: 't', atStudentTurns: [4] });
    expect(card).toContain('- 1 conversation ended before student turn 4, where a branch was asked for: no branch there.');
  });

  it('says why there is no pair: every reason counted, or that nothing finished or reached a branch', () => {
    const allTied = complete({ preferences: [branch(1, [candidate('甲', 4, 2), candidate('乙', 4, 2)], null), branch(3, [candidate('丙', 4, 0), candidate('丁', 4, 0)], null)] });
    expect(noPairReason(preferenceTally([allTied]))).toBe('2 branches had every candidate at the same Pass@k (no candidate differed): no preference, no pair and no SFT row.');
    expect(noPairReason(preferenceTally([]))).toBe('no conversation has finished yet.');
    expect(noPairReason(preferenceTally([complete({ preferences: [] })]))).toBe('no branching point was reached.');
    expect(noPairReason(preferenceTally([complete({ preferences: [] })], [2]))).toBe('1 conversation ended before student turn 2, where a branch was asked for: no branch there.');
  });

  it('says so when there is no pair', () => {
    const empty = preferenceDataCard({ payloads: [FAILED], pairs: [], scenario: { id: 's', version: '1', hash: 'h' }, settings: {}, createdAt: 't' });
    expect(empty).toContain('No pair: there is no margin to report.');
    expect(empty).toContain('No conversation was used, so no model played a role in these files.');
  });
});
