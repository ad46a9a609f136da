/**
 * Answers a scripted endpoint gives to a pre-annotation prompt: valid for the codebook (a label
 * of each asked field where it applies to the turn's speaker, null where it does not), for the
 * turns the prompt shows ("Turn N · <speaker>: …" lines of the user message). `choose` picks a
 * label per turn and field, so two "models" can answer differently.
 */
import { fieldAppliesTo } from '../../../shared/codebook/lookup';
import type { Codebook } from '../../../shared/codebook/types';
import { askedFields } from '../../../shared/llm';
import type { SpeakerCode } from '../../../shared/model/dataset';

export interface PromptTurn {
  turn: number;
  speaker: SpeakerCode;
}

/** The turns a pre-annotation user message shows, by number and speaker. */
export function promptTurns(userMessage: string): PromptTurn[] {
  // the line names the speaker by its code first ("student (学生 / Student)")
  const speakerOf = (shown: string): SpeakerCode => shown.trim().split(' ')[0] as SpeakerCode;
  const turns: PromptTurn[] = [];
  for (const line of userMessage.split('\n')) {
    const match = /^Turn (\d+) · ([^:]+):/.exec(line);
    if (match) turns.push({ turn: Number(match[1]), speaker: speakerOf(match[2]) });
  }
  return turns;
}

/** A valid answer object for these turns; `choose(turn, fieldId, codes)` picks the code (the first by default). */
export function validAnswer(codebook: Codebook, turns: readonly PromptTurn[], choose: (turn: number, fieldId: string, codes: string[]) => string = (_turn, _field, codes) => codes[0]): { turns: Record<string, unknown>[] } {
  const asked = askedFields(codebook);
  return {
    turns: turns.map(({ turn, speaker }) => {
      const entry: Record<string, unknown> = { turn };
      for (const { field, shape, booleanCodes } of asked) {
        if (!fieldAppliesTo(field, speaker)) {
          entry[field.id] = null;
          continue;
        }
        const code = choose(turn, field.id, field.labels.map((label) => label.code));
        entry[field.id] = shape === 'labels' ? [code] : shape === 'boolean' ? code === booleanCodes?.true : code;
      }
      return entry;
    }),
  };
}
