import type { LlmConnection } from '../../../../shared/llm/connection';
import { estimateJobCost } from '../../../../shared/llm/token-estimate';
import type { GenerationPlan, PlannedRole } from '../../../../shared/scenario/run-plan';
import { formatNumber } from '../../i18n';
import { formatCost } from '../jobs/format';
import type { GenerationTextApi } from './strings';

const ROLE_WORD = { teacher: 'planRoleTeacher', student: 'roleStudent', guide: 'roleGuide', judge: 'roleJudge' } as const satisfies Record<PlannedRole, string>;

/** The run's plan (shared/scenario/run-plan.ts, as `generate --dry-run` prints it): per connection its calls at most, tokens and cost where it has a price. */
export function GenerationPlanLines({ plan, connections, text }: { plan: GenerationPlan; connections: readonly LlmConnection[]; text: GenerationTextApi }) {
  const { t, lang } = text;
  const n = (value: number) => formatNumber(lang, value);
  return (
    <div className="prompt-estimate" data-testid="start-generation-plan" data-calls={plan.calls} data-turns={plan.turnBudget}>
      <p>{t('planTitle')}</p>
      <p>
        {t('planTurns', { turns: n(plan.turnBudget) })} {t('callBound', { calls: n(plan.calls) })}
      </p>
      <ul>
        {plan.connections.map(({ connectionId, roles, estimate }) => {
          const connection = connections.find((candidate) => candidate.id === connectionId);
          const cost = estimateJobCost(estimate, connection?.price);
          return (
            <li key={connectionId} data-testid="start-generation-plan-connection" data-connection={connectionId} data-calls={estimate.calls} data-input-tokens={estimate.input}>
              {t('planConnection', { name: connection?.name ?? connectionId, model: connection?.model ?? '', roles: roles.map((role) => t(ROLE_WORD[role])).join(lang === 'zh' ? '、' : ', '), calls: n(estimate.calls), input: n(estimate.input), outputLow: n(estimate.output.low), outputHigh: n(estimate.output.high) })}
              {lang === 'zh' ? '；' : '; '}
              {cost ? t('planCost', { low: formatCost(cost.low), high: formatCost(cost.high) }) : t('planCostUnknown')}
            </li>
          );
        })}
      </ul>
      <p className="muted small">{t('planNote')}</p>
    </div>
  );
}
