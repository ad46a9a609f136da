import type { Dialogue, Turn } from '../model/dataset';
import type { DialogueReview, FieldReview, TurnReview } from '../model/review';

/** Everything an exporter needs about one dialogue, read from the store in one go. */
export interface ExportDialogue {
  dialogue: Dialogue;
  turns: Turn[];
  fieldReviews: FieldReview[];
  turnReviews: TurnReview[];
  dialogueReview: DialogueReview | null;
}
