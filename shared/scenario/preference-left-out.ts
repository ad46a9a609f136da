/**
 * Why a run's preference step made fewer pairs than its branching points could give (none at
 * all, say), per reason with its count, from preferenceTally: the data card lists them, the CLI
 * prints them after a run, and the Generation runs view words the same codes in Chinese and English.
 */
import type { PreferenceTally } from './preference-pairs';

export type PreferenceLeftOutCode =
  /** conversations that failed for good: their branches are not used */
  | 'failed-conversations'
  /** conversations the safety step dropped: not in the SID files, their branches not used */
  | 'dropped-conversations'
  /** conversations that ended before a student turn a branch was asked for */
  | 'turn-not-reached'
  /** branches whose candidates all scored the same Pass@k: no candidate differed */
  | 'tied-branches'
  /** rejected candidates at the chosen one's Pass@k: no preference */
  | 'tied-candidates'
  /** rejected candidates asking the chosen question word for word */
  | 'same-question-candidates'
  /** rejected candidates above the chosen one, or with too few draws to compare */
  | 'higher-candidates';

export interface PreferenceLeftOut {
  code: PreferenceLeftOutCode;
  count: number;
  /** for 'turn-not-reached': the student turn */
  turn?: number;
}

/** What was left out, in the order the reasons act (a conversation, a branch, a candidate), reasons with nothing left out omitted. */
export function preferenceLeftOut(tally: PreferenceTally): PreferenceLeftOut[] {
  const entries: PreferenceLeftOut[] = [
    { code: 'failed-conversations', count: tally.failedConversations },
    { code: 'dropped-conversations', count: tally.droppedConversations },
    ...tally.unreachedTurns.map(({ turn, conversations }): PreferenceLeftOut => ({ code: 'turn-not-reached', count: conversations, turn })),
    { code: 'tied-branches', count: tally.tiedBranches },
    { code: 'tied-candidates', count: tally.tiedCandidates },
    { code: 'same-question-candidates', count: tally.sameTextCandidates },
    { code: 'higher-candidates', count: tally.higherCandidates },
  ];
  return entries.filter((entry) => entry.count > 0);
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One reason in English, as the data card and the command line say it. */
export function preferenceLeftOutText(entry: PreferenceLeftOut): string {
  const n = entry.count;
  const their = n === 1 ? 'its' : 'their';
  switch (entry.code) {
    case 'failed-conversations':
      return `${count(n, 'conversation', 'conversations')} failed (a call failed for good): ${their} branches are not used.`;
    case 'dropped-conversations':
      return `${count(n, 'conversation was', 'conversations were')} dropped by the safety step (the run lists each with its reasons): ${their} branches are not used, as ${n === 1 ? 'it is' : 'they are'} not in the SID files.`;
    case 'turn-not-reached':
      return `${count(n, 'conversation', 'conversations')} ended before student turn ${entry.turn}, where a branch was asked for: no branch there.`;
    case 'tied-branches':
      return `${count(n, 'branch', 'branches')} had every candidate at the same Pass@k (no candidate differed): no preference, no pair and no SFT row.`;
    case 'tied-candidates':
      return `${count(n, 'rejected candidate', 'rejected candidates')} scored the same Pass@k as the chosen one: not a preference, no pair.`;
    case 'same-question-candidates':
      return `${count(n, 'rejected candidate', 'rejected candidates')} asked the chosen question word for word: such a pair teaches nothing.`;
    case 'higher-candidates':
      return `${count(n, 'rejected candidate', 'rejected candidates')} scored above the chosen one (or had too few draws to compare), which the engine's choice rules out: left out, never reversed.`;
  }
}

/**
 * Why a run has no pair, in one line: the reasons, or (none to count) that no conversation was
 * used or none reached a branch.
 */
export function noPairReason(tally: PreferenceTally): string {
  const reasons = preferenceLeftOut(tally).map(preferenceLeftOutText);
  if (reasons.length > 0) return reasons.join(' ');
  if (tally.usedConversations === 0) return 'no conversation has finished yet.';
  return 'no branching point was reached.';
}
