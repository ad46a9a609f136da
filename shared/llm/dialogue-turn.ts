import type { SpeakerCode } from '../model/dataset';

/** What the prompt and the check need of a turn: who speaks and what is said (both given, not asked). */
export interface DialogueTurn {
  speaker: SpeakerCode;
  utterance: string;
}
