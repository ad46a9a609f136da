/**
 * The preference pairs of a run's branching points (Socratic Students): before a listed student
 * turn the guide proposed several student questions, each answered by the teacher and scored by
 * the Pass@k probe; the best-scoring one is chosen (generation-job.ts PreferenceBranch). The
 * student is the model trained: the prompt is its view of the dialogue at that turn (system
 * first, its own turns `assistant`, the teacher's `user`), and a completion is the question it
 * asks. preference-export.ts writes them as files.
 */
import type { ChatMessage } from '../llm/messages';
import type { GenerationComplete, GenerationJobPayload, PreferenceBranch, PreferenceCandidate } from './generation-job';
import { passAtK } from './pass-at-k';

export interface PreferencePair {
  conversationId: string;
  beforeTurn: number;
  prompt: ChatMessage[];
  /** the chosen candidate's question */
  chosen: string;
  /** a rejected candidate's question */
  rejected: string;
  /** Pass@k at `k` (the largest k the branch scored) */
  chosenPassAtK: number;
  rejectedPassAtK: number;
  /** the teacher model of the conversation (conversation ids repeat across teacher models) */
  teacherModel?: string;
  /** the k the Pass@k values are at */
  k?: number;
}

/** Where a branch's candidates went, for the data card's "left out" counts. */
export interface PreferenceTally {
  pairs: PreferencePair[];
  /** conversations whose branches are used: finished and kept by the safety step */
  usedConversations: number;
  failedConversations: number;
  droppedConversations: number;
  /** branches of the used conversations */
  branches: number;
  /**
   * Branching points asked for (the run's student turns) that a used conversation never reached:
   * it ended before that student turn, by turn; empty when the turns asked for are not given.
   */
  unreachedTurns: { turn: number; conversations: number }[];
  /** branches whose candidates all tied (`chosen` null): no pair */
  tiedBranches: number;
  /** rejected candidates whose Pass@k equals the chosen one's: not a preference */
  tiedCandidates: number;
  /** rejected candidates whose question is the chosen one's text: a pair that teaches nothing */
  sameTextCandidates: number;
  /** rejected candidates scoring above the chosen one, or not comparable (fewer draws than k): the engine never chooses so; counted, not paired */
  higherCandidates: number;
}

/**
 * The Pass@k a branch compares by: the largest k its candidates were scored at, as the engine
 * chose (generation-job.ts PreferenceBranch.chosen); Pass@1 = c/n when none was written.
 */
function comparisonK(candidate: PreferenceCandidate): { k: number; score: (candidate: PreferenceCandidate) => number } {
  const ks = Object.keys(candidate.passAtK).map(Number).filter((k) => Number.isInteger(k) && k >= 1);
  if (ks.length === 0) return { k: 1, score: (other) => other.c / other.n };
  const k = Math.max(...ks);
  // a candidate scored without this k is read from its n and c, as the engine would have scored it
  return { k, score: (other) => other.passAtK[String(k)] ?? (k <= other.n ? passAtK(other.n, other.c, k) : Number.NaN) };
}

function byConversationOrder(a: GenerationJobPayload, b: GenerationJobPayload): number {
  return (a.teacherModel < b.teacherModel ? -1 : a.teacherModel > b.teacherModel ? 1 : 0) || a.taskIndex - b.taskIndex || a.repeatId - b.repeatId;
}

const message = (entry: ChatMessage): ChatMessage => ({ role: entry.role, content: entry.content });

function branchPairs(payload: GenerationComplete, branch: PreferenceBranch, tally: PreferenceTally): void {
  if (branch.chosen === null) {
    tally.tiedBranches++;
    return;
  }
  const chosen = branch.candidates[branch.chosen];
  const { k, score } = comparisonK(chosen);
  const chosenPassAtK = score(chosen);
  branch.candidates.forEach((candidate, index) => {
    if (index === branch.chosen) return;
    const rejectedPassAtK = score(candidate);
    if (rejectedPassAtK === chosenPassAtK) tally.tiedCandidates++;
    else if (!(rejectedPassAtK < chosenPassAtK)) tally.higherCandidates++;
    else if (candidate.question.trim() === chosen.question.trim()) tally.sameTextCandidates++;
    else {
      tally.pairs.push({
        conversationId: payload.conversationId,
        beforeTurn: branch.beforeTurn,
        prompt: branch.prompt.map(message),
        chosen: chosen.question,
        rejected: candidate.question,
        chosenPassAtK,
        rejectedPassAtK,
        teacherModel: payload.teacherModel,
        k,
      });
    }
  });
}

/**
 * preferencePairs with the counts of what it left out. `atStudentTurns`, the student turns the
 * run branched at (GenerationPreference), lets it count the branching points never reached.
 */
export function preferenceTally(payloads: readonly GenerationJobPayload[], atStudentTurns: readonly number[] = []): PreferenceTally {
  const tally: PreferenceTally = { pairs: [], usedConversations: 0, failedConversations: 0, droppedConversations: 0, branches: 0, unreachedTurns: [], tiedBranches: 0, tiedCandidates: 0, sameTextCandidates: 0, higherCandidates: 0 };
  const unreached = new Map<number, number>([...new Set(atStudentTurns)].sort((a, b) => a - b).map((turn) => [turn, 0]));
  for (const payload of [...payloads].sort(byConversationOrder)) {
    if (payload.status === 'failed') {
      tally.failedConversations++;
      continue;
    }
    if (!payload.safety.kept) {
      tally.droppedConversations++;
      continue;
    }
    tally.usedConversations++;
    for (const branch of [...payload.preferences].sort((a, b) => a.beforeTurn - b.beforeTurn)) {
      tally.branches++;
      branchPairs(payload, branch, tally);
    }
    for (const [turn, count] of unreached) if (!payload.preferences.some((branch) => branch.roleTurnNumber === turn)) unreached.set(turn, count + 1);
  }
  tally.unreachedTurns = [...unreached].filter(([, conversations]) => conversations > 0).map(([turn, conversations]) => ({ turn, conversations }));
  return tally;
}

/**
 * One pair per chosen × rejected candidate of every branching point, from the conversations that
 * finished and that the safety step kept (as in the SID files), in teacher model, task, repeat and
 * turn order. No pair comes from a branch whose candidates all tied (`chosen` null), from a
 * rejected candidate whose Pass@k equals the chosen one's (no preference) or is higher (the
 * engine chooses the highest; counted, never reversed), or whose question is the chosen one's
 * text (the pair would teach nothing).
 */
export function preferencePairs(payloads: readonly GenerationJobPayload[]): PreferencePair[] {
  return preferenceTally(payloads).pairs;
}

/** The branch a pair comes from; a chosen question is one SFT row however many rejected ones it beat. */
function branchKey(pair: PreferencePair): string {
  return JSON.stringify([pair.teacherModel ?? null, pair.conversationId, pair.beforeTurn, pair.prompt.map(message), pair.chosen]);
}

/** The branches of `pairs`, each once, in order of their first pair. */
export function sftBranches(pairs: readonly PreferencePair[]): PreferencePair[] {
  const seen = new Set<string>();
  return pairs.filter((pair) => {
    const key = branchKey(pair);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
