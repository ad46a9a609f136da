import type { ScenarioTurn } from './types';

/**
 * The SID toxicity step's word list: every listed word found in an utterance (substring,
 * case-insensitive), with the 1-based turn it is in, in turn order then list order. A word found
 * in two turns is listed twice: the reviewer sees each place. Blank words are ignored.
 */
export function findSafetyWords(words: readonly string[], turns: readonly ScenarioTurn[]): { word: string; turnNumber: number }[] {
  const listed = words.map((word) => word.trim()).filter((word) => word !== '');
  const found: { word: string; turnNumber: number }[] = [];
  turns.forEach((turn, index) => {
    const text = turn.content.toLowerCase();
    for (const word of listed) if (text.includes(word.toLowerCase())) found.push({ word, turnNumber: index + 1 });
  });
  return found;
}
