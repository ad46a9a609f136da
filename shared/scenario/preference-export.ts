/**
 * The preference pairs (preference-pairs.ts) as training files for the student model.
 *
 * Files, one JSON object per line, UTF-8, a newline after each:
 * - `dpoJsonl`: TRL's conversational preference type, the format DPOTrainer takes
 *   (https://huggingface.co/docs/trl/dataset_formats, "Preference", conversational column):
 *   `{"prompt": [{"role": "user", "content": …}], "chosen": [{"role": "assistant", "content": …}],
 *   "rejected": [{"role": "assistant", "content": …}]}`; the prompt may start with a system message.
 * - `sftJsonl`: TRL's conversational language-modeling type (SFTTrainer's `messages`), the prompt
 *   followed by the chosen question, one row per branch.
 */
import type { ChatMessage } from '../llm/messages';
import { sftBranches, type PreferencePair } from './preference-pairs';

export { preferencePairs, preferenceTally, sftBranches, type PreferencePair, type PreferenceTally } from './preference-pairs';
export { preferenceDataCard, type PreferenceCardInput } from './preference-card';

const message = (entry: ChatMessage): ChatMessage => ({ role: entry.role, content: entry.content });

function jsonLines(rows: readonly unknown[]): string {
  return rows.map((row) => `${JSON.stringify(row)}\n`).join('');
}

/** TRL DPOTrainer's conversational preference rows, one per pair (see the module comment). */
export function dpoJsonl(pairs: readonly PreferencePair[]): string {
  return jsonLines(
    pairs.map((pair) => ({
      prompt: pair.prompt.map(message),
      chosen: [{ role: 'assistant', content: pair.chosen }],
      rejected: [{ role: 'assistant', content: pair.rejected }],
    })),
  );
}

/**
 * TRL's conversational `messages` rows for SFT, one per branch with at least one pair: the
 * prompt, then the chosen question as the assistant's message.
 */
export function sftJsonl(pairs: readonly PreferencePair[]): string {
  return jsonLines(sftBranches(pairs).map((pair) => ({ messages: [...pair.prompt.map(message), { role: 'assistant', content: pair.chosen }] })));
}
