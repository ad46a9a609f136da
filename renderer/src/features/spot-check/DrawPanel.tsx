import { useState } from 'react';
import type { SampleStrata } from '../../../../shared/model/spot-check';
import { checkedFields } from '../../../../shared/spot-check';
import { fieldName } from '../../codebook';
import { randomSeed, useSpotCheckStore, type AmountKind } from '../../stores/spot-check/store';
import type { SpotCheckTextApi } from './strings';

const STRATA_KINDS = ['none', 'teacher-model', 'topic', 'student-type'] as const;

function strataValue(strata: SampleStrata): string {
  return strata.kind === 'llm-label' ? `llm-label:${strata.fieldId}` : strata.kind;
}

function strataFrom(value: string): SampleStrata {
  if (value.startsWith('llm-label:')) return { kind: 'llm-label', fieldId: value.slice('llm-label:'.length) };
  return { kind: value as Exclude<SampleStrata['kind'], 'llm-label'> };
}

const wholeNumber = (text: string, fallback: number): number => {
  const value = Number(text);
  return Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
};

/** The form that draws a new sample: unit, size (a share, a number, or from a margin of error), strata, seed, layer, threshold. */
export function DrawPanel({ text }: { text: SpotCheckTextApi }) {
  const { t, lang } = text;
  const form = useSpotCheckStore((state) => state.form);
  const population = useSpotCheckStore((state) => state.population);
  const layers = useSpotCheckStore((state) => state.layers);
  const drawing = useSpotCheckStore((state) => state.drawing);
  const count = useSpotCheckStore((state) => state.rows.length);
  const setForm = useSpotCheckStore((state) => state.setForm);
  const draw = useSpotCheckStore((state) => state.draw);
  const size = useSpotCheckStore((state) => state.requestedSize());
  const [name, setName] = useState('');
  const codebook = useSpotCheckStore((state) => state.codebook);
  const fields = checkedFields(codebook);
  const strataLabels: Record<(typeof STRATA_KINDS)[number], string> = { none: t('strataNone'), 'teacher-model': t('strataTeacher'), topic: t('strataTopic'), 'student-type': t('strataStudent') };

  return (
    <section className="sc-panel" data-testid="spot-check-draw" aria-labelledby="sc-draw-title">
      <h2 id="sc-draw-title">{t('drawTitle')}</h2>
      <div className="sc-form">
        <label>
          {t('name')}
          <input data-testid="spot-check-name" value={name} placeholder={t('namePlaceholder', { n: count + 1 })} maxLength={80} onChange={(event) => setName(event.target.value)} />
        </label>
        <fieldset>
          <legend>{t('unit')}</legend>
          <label>
            <input type="radio" name="sc-unit" data-testid="spot-check-unit-dialogue" checked={form.unit === 'dialogue'} onChange={() => setForm({ unit: 'dialogue' })} />
            {t('unitDialogue', { n: population.dialogues })}
          </label>
          <label>
            <input type="radio" name="sc-unit" data-testid="spot-check-unit-turn" checked={form.unit === 'turn'} onChange={() => setForm({ unit: 'turn' })} />
            {t('unitTurn', { n: population.turns })}
          </label>
        </fieldset>
        <fieldset>
          <legend>{t('amount')}</legend>
          <select data-testid="spot-check-amount-kind" value={form.amountKind} onChange={(event) => setForm({ amountKind: event.target.value as AmountKind })}>
            <option value="percent">{t('amountPercent')}</option>
            <option value="size">{t('amountSize')}</option>
            <option value="margin">{t('amountMargin')}</option>
          </select>
          {form.amountKind === 'percent' && (
            <label>
              <input type="number" data-testid="spot-check-percent" min={1} max={100} value={form.percent} onChange={(event) => setForm({ percent: Math.min(100, wholeNumber(event.target.value, form.percent)) })} />
              {t('percentUnit')}
            </label>
          )}
          {form.amountKind === 'size' && <input type="number" data-testid="spot-check-size" min={1} value={form.size} onChange={(event) => setForm({ size: wholeNumber(event.target.value, form.size) })} />}
          {form.amountKind === 'margin' && (
            <label>
              {t('marginLabel')}
              <input type="number" data-testid="spot-check-margin" min={1} max={50} step={0.5} value={form.marginPercent} onChange={(event) => setForm({ marginPercent: Number(event.target.value) || form.marginPercent })} />%
            </label>
          )}
          <span className="sc-will-draw" data-testid="spot-check-will-draw">
            {/* stratified, the draw rounds per stratum and may leave turns out: the count is known only once drawn */}
            {form.strata.kind === 'none' ? t('willDraw', { n: size }) : t('willDrawAbout', { n: size })}
          </span>
          {form.amountKind === 'margin' && <p className="muted">{t('marginNote')}</p>}
        </fieldset>
        <label>
          {t('strata')}
          <select data-testid="spot-check-strata" value={strataValue(form.strata)} onChange={(event) => setForm({ strata: strataFrom(event.target.value) })}>
            {STRATA_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {strataLabels[kind]}
              </option>
            ))}
            {fields.map((field) => (
              <option key={field.id} value={`llm-label:${field.id}`}>
                {t('strataLabel', { field: fieldName(field, lang) })}
              </option>
            ))}
          </select>
        </label>
        {form.strata.kind !== 'none' && <p className="muted">{t('strataNote')}</p>}
        <label>
          {t('seed')}
          <input type="number" data-testid="spot-check-seed" min={0} value={form.seed} onChange={(event) => setForm({ seed: wholeNumber(event.target.value, form.seed) })} />
          <button type="button" data-testid="spot-check-new-seed" onClick={() => setForm({ seed: randomSeed() })}>
            {t('newSeed')}
          </button>
        </label>
        <p className="muted">{t('seedNote')}</p>
        <label>
          {t('layer')}
          <select data-testid="spot-check-layer" value={form.layerId} onChange={(event) => setForm({ layerId: event.target.value })}>
            <option value="">{t('layerImported')}</option>
            {layers.map((layer) => (
              <option key={layer.id} value={layer.id}>
                {t('layerNamed', { name: layer.name })}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('threshold')}
          <input type="number" data-testid="spot-check-threshold" min={0.5} max={100} step={0.5} value={form.thresholdPercent} onChange={(event) => setForm({ thresholdPercent: Number(event.target.value) || form.thresholdPercent })} />%
        </label>
      </div>
      <button type="button" className="primary" data-testid="spot-check-draw-button" disabled={drawing || size === 0} onClick={() => void draw(name.trim() || t('namePlaceholder', { n: count + 1 })).then(() => setName(''))}>
        {drawing ? t('drawing') : t('draw')}
      </button>
      {size === 0 && <p className="muted">{t('nothingToDraw')}</p>}
    </section>
  );
}
