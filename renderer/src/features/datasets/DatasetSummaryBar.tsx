import type { RowsSummary } from './summary';
import { useT } from '../../i18n';

export function DatasetSummaryBar({ summary }: { summary: RowsSummary }) {
  const t = useT();
  return (
    <>
      <dl className="summary-bar" data-testid="dataset-summary">
        <div>
          <dt>{t('summary.dialogues')}</dt>
          <dd data-testid="summary-dialogues">{summary.dialogues}</dd>
        </div>
        <div>
          <dt>{t('summary.turns')}</dt>
          <dd data-testid="summary-turns">{summary.turns}</dd>
        </div>
        <div>
          <dt>{t('summary.verifiedTurns')}</dt>
          <dd data-testid="summary-verified-turns">
            {summary.verifiedTurns} / {summary.turns}
          </dd>
        </div>
        <div>
          <dt>{t('summary.verifiedDialogues')}</dt>
          <dd data-testid="summary-verified-dialogues">
            {summary.verifiedDialogues} / {summary.dialogues}
          </dd>
        </div>
        <div title={t('table.flagsTitle')}>
          <dt>{t('summary.flagged')}</dt>
          <dd data-testid="summary-flagged">{summary.flaggedValues}</dd>
        </div>
        <div className="summary-models">
          <dt>{t('summary.teacherModels', { count: summary.teacherModels.length })}</dt>
          <dd data-testid="summary-teacher-models">
            {summary.teacherModels.map((model) => (
              <span key={model.name} className="chip" data-teacher-model={model.name}>
                {model.name || '—'} <span className="chip-count">{model.dialogues}</span>
              </span>
            ))}
          </dd>
        </div>
      </dl>
      {/* the term is the app's own: say once what it counts, where the count is */}
      <p className="summary-legend" data-testid="summary-flagged-explain">
        {t('summary.flaggedExplain')}
      </p>
    </>
  );
}
