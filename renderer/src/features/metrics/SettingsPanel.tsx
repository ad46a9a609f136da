import { DEFAULT_WEIGHTS, METRIC_IDS, METRIC_NAMES } from '../../../../shared/metrics';
import type { MetricLayer } from '../../../../shared/model/metric-run';
import type { LayerOption } from '../../stores/agreement/rater-choice';
import type { MetricsChoice } from '../../stores/metrics/store';
import { metricTooltip } from './MetricsLegend';
import type { MetricsTextApi } from './strings';

interface SettingsPanelProps {
  choice: MetricsChoice;
  layers: readonly LayerOption[];
  verifiedDialogues: number;
  totalDialogues: number;
  problem: string | null;
  busy: boolean;
  text: MetricsTextApi;
  onLayer(layer: MetricLayer): void;
  onThreeC(convention: MetricsChoice['threeC']): void;
  onScope(scope: MetricsChoice['scope']): void;
  onWeight(id: (typeof METRIC_IDS)[number], weight: number): void;
  onResetWeights(): void;
  onSeed(seed: number): void;
  onCompute(): void;
}

const layerValue = (layer: MetricLayer) => (layer.kind === 'layer' ? `layer:${layer.layerId}` : layer.kind);

function layerOf(value: string): MetricLayer {
  if (value === 'verified' || value === 'llm') return { kind: value };
  return { kind: 'layer', layerId: value.slice('layer:'.length) };
}

/** Which layer to score, the 3C convention, the TotalScore weights and the bootstrap seed; then compute. */
export function SettingsPanel(props: SettingsPanelProps) {
  const { choice, layers, text, busy } = props;
  const { t } = text;
  const sum = METRIC_IDS.reduce((total, id) => total + choice.weights[id], 0);
  return (
    <section className="metrics-settings" aria-label={t('settings')} data-testid="metrics-settings">
      <div className="metrics-settings-row">
        <label>
          {t('layer')}{' '}
          <select data-testid="metrics-layer" value={layerValue(choice.layer)} disabled={busy} onChange={(event) => props.onLayer(layerOf(event.target.value))}>
            <option value="verified">
              {props.verifiedDialogues > 0 ? t('layerVerified', { name: t('sourceExpert'), n: props.verifiedDialogues }) : t('layerVerifiedNone', { name: t('sourceExpert') })}
            </option>
            <option value="llm">{t('layerLlm', { name: t('sourcePre'), n: props.totalDialogues })}</option>
            {layers.map((layer) => (
              <option key={layer.id} value={`layer:${layer.id}`}>
                {t('layerAttached', { name: layer.name })}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('scope')}{' '}
          <select
            data-testid="metrics-scope"
            value={choice.layer.kind === 'verified' ? 'verified' : choice.scope}
            disabled={busy || choice.layer.kind === 'verified'}
            onChange={(event) => props.onScope(event.target.value === 'verified' ? 'verified' : 'all')}
          >
            <option value="all">{t('scopeAll')}</option>
            <option value="verified">{t('scopeVerified')}</option>
          </select>
        </label>
        <label>
          {t('threeC')}{' '}
          <select data-testid="metrics-three-c" value={choice.threeC} disabled={busy} onChange={(event) => props.onThreeC(event.target.value === 'strict' ? 'strict' : 'vacuous-one')}>
            <option value="vacuous-one">{t('threeCVacuous')}</option>
            <option value="strict">{t('threeCStrict')}</option>
          </select>
        </label>
        <label>
          {t('seed')}{' '}
          <input type="number" min={0} step={1} className="metrics-seed" data-testid="metrics-seed" value={choice.seed} disabled={busy} onChange={(event) => props.onSeed(Number(event.target.value))} />
        </label>
      </div>
      <fieldset className="metrics-weights" data-testid="metrics-weights" disabled={busy}>
        <legend>{t('weights')}</legend>
        {METRIC_IDS.map((id) => (
          <label key={id} title={metricTooltip(id, text.lang)}>
            {METRIC_NAMES[id].short}{' '}
            <input
              type="number"
              min={0}
              max={1}
              step={0.05}
              data-testid={`metrics-weight-${id}`}
              value={choice.weights[id]}
              onChange={(event) => props.onWeight(id, event.target.value === '' ? Number.NaN : Number(event.target.value))}
            />
          </label>
        ))}
        <span className={props.problem ? 'error-inline' : 'muted'} data-testid="metrics-weights-sum">
          {t('weightsSum', { sum: Number.isFinite(sum) ? Number(sum.toFixed(4)) : '—' })}
        </span>
        <button type="button" className="quiet" disabled={METRIC_IDS.every((id) => choice.weights[id] === DEFAULT_WEIGHTS[id])} onClick={props.onResetWeights}>
          {t('weightsReset')}
        </button>
      </fieldset>
      {props.problem && (
        <p className="error-inline" role="alert" data-testid="metrics-problem">
          {props.problem}
        </p>
      )}
      <button type="button" className="primary" data-testid="metrics-compute" disabled={busy || props.problem !== null} onClick={props.onCompute}>
        {t('compute')}
      </button>
    </section>
  );
}
