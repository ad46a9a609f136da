import type { DialogueStatus } from '../../../../shared/model/review';
import { useT, type MessageKey } from '../../i18n';

export const STATUS_KEYS: Record<DialogueStatus, MessageKey> = {
  unreviewed: 'status.unreviewed',
  'in-progress': 'status.inProgress',
  verified: 'status.verified',
};

export function StatusChip({ status }: { status: DialogueStatus }) {
  const t = useT();
  return (
    <span className={`status-chip status-${status}`} data-testid="dataset-row-status" data-status={status}>
      {t(STATUS_KEYS[status])}
    </span>
  );
}
