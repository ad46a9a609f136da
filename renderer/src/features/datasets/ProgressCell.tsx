import { ProgressBar } from '../../components/ProgressBar';
import type { DialogueRow } from '../../db/repositories/dialogues';
import { useT } from '../../i18n';
import { progressRatio } from './filters';
import { StatusChip } from './StatusChip';

export function ProgressCell({ row }: { row: DialogueRow }) {
  const t = useT();
  const label = t('table.progressLabel', { verified: row.verifiedTurns, total: row.turnCount });
  return (
    <span className="progress-cell" data-testid="dataset-row-progress" data-verified={row.verifiedTurns} data-total={row.turnCount}>
      <ProgressBar value={progressRatio(row)} label={label} tone={row.status === 'verified' ? 'done' : 'neutral'} />
      <span className="progress-count">
        {row.verifiedTurns}/{row.turnCount}
      </span>
      <StatusChip status={row.status} />
    </span>
  );
}
