import type { LlmConnection } from '../../../../../shared/llm/connection';
import { estimateJobCost } from '../../../../../shared/llm/token-estimate';
import { formatNumber } from '../../../i18n';
import { formatCost } from '../format';
import { usePromptText } from './strings';
import type { EstimateState } from './use-job-estimate';

/** A job's estimated tokens per connection and, for each chosen connection with a price, its cost range. */
export function EstimateLines({ state, connections, testId }: { state: EstimateState; connections: readonly LlmConnection[]; testId: string }) {
  const { t, lang } = usePromptText();
  if (state.status === 'pending') return <p className="muted" data-testid={testId}>{t('estimating')}</p>;
  if (state.status === 'failed') return <p className="muted" data-testid={testId}>{t('estimateFailed', { message: state.message })}</p>;
  const { estimate } = state;
  return (
    <div className="prompt-estimate" data-testid={testId} data-input-tokens={estimate.input} data-calls={estimate.calls}>
      <p>
        {t('jobEstimate', { calls: formatNumber(lang, estimate.calls), input: formatNumber(lang, estimate.input), outputLow: formatNumber(lang, estimate.output.low), outputHigh: formatNumber(lang, estimate.output.high) })}
      </p>
      {connections.length > 0 && (
        <ul data-testid={`${testId}-costs`}>
          {connections.map((connection) => {
            const cost = estimateJobCost(estimate, connection.price);
            return (
              <li key={connection.id}>
                {cost ? t('jobCost', { name: connection.name, low: formatCost(cost.low), high: formatCost(cost.high) }) : t('jobCostUnknown', { name: connection.name })}
              </li>
            );
          })}
        </ul>
      )}
      <p className="muted small">{t('estimateNote')}</p>
    </div>
  );
}
