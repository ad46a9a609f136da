import { useAssignmentText } from './strings';
import './assignments.css';

/** Said once above a blind assignment's dialogue: no turn shows a suggestion, and that is what blind means. */
export function BlindReviewNote() {
  const { t } = useAssignmentText();
  return (
    <p className="blind-review-note muted" data-testid="review-blind-note" role="note">
      {t('reviewBlind')}
    </p>
  );
}
