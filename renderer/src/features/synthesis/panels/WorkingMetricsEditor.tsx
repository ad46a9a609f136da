import { useCallback, useRef } from 'react';
import type { WorkingMetrics } from '../../../../../shared/synthesis/session';
import type { BilingualText, MetricDiagnostic } from '../../../../../shared/synthesis/types';
import { synthesisDraftKey } from '../../../stores/synthesis/drafts';
import { MetricEditorCard } from './MetricEditorCard';
import { useSynthesisPanelText } from './strings';
import './panels.css';

/**
 * The metrics the next round starts from, for the educator between rounds: descriptions and
 * examples editable in both languages, a lock per metric, the last verdict beside each. Cards
 * are keyed by metric id, so each keeps its own unsaved text through any re-render.
 * Optional: `dimensionNames`, seed dimension names by id (else the id is shown);
 * `onUnsavedChange`, the ids of the metrics with unsaved text whenever that list changes (for a
 * leave-the-view guard); `draftScope`, the session whose drafts store keeps the unsaved text.
 */
export function WorkingMetricsEditor(props: {
  working: WorkingMetrics;
  diagnostics: readonly MetricDiagnostic[] | null;
  disabled: boolean;
  onEdit(metricId: string, edit: Partial<Record<'description' | 'positiveExample' | 'negativeExample', BilingualText>>): Promise<void>;
  onLock(metricId: string, locked: boolean): Promise<void>;
  dimensionNames?: Readonly<Record<string, BilingualText>>;
  onUnsavedChange?(unsavedMetricIds: readonly string[]): void;
  /** the session the unsaved text belongs to: kept in the drafts store under it, so leaving the view loses none */
  draftScope?: string;
}) {
  const { working, diagnostics, disabled, onEdit, onLock, dimensionNames, onUnsavedChange, draftScope } = props;
  const unsaved = useRef(new Set<string>());
  const reportUnsaved = useRef(onUnsavedChange);
  reportUnsaved.current = onUnsavedChange;
  // stable, so a card's effect does not re-run (and re-report) on every render of the editor
  const onDirtyChange = useCallback((metricId: string, dirty: boolean) => {
    if (unsaved.current.has(metricId) === dirty) return;
    if (dirty) unsaved.current.add(metricId);
    else unsaved.current.delete(metricId);
    reportUnsaved.current?.([...unsaved.current]);
  }, []);
  const text = useSynthesisPanelText();
  const { t } = text;
  const locked = new Set(working.locked);
  const byMetric = new Map((diagnostics ?? []).map((diagnostic) => [diagnostic.metric, diagnostic]));
  return (
    <section className="synthesis-panel" data-testid="synthesis-editor" aria-labelledby="synthesis-editor-title">
      <h3 id="synthesis-editor-title">{t('editorTitle')}</h3>
      <p className="muted small">
        {t('editorBasedOn', { round: working.basedOn })} · {t('editorIntro')}
      </p>
      {disabled && (
        <p className="muted" role="status" data-testid="synthesis-editor-disabled">
          {t('editorDisabled')}
        </p>
      )}
      <ul className="synthesis-editor-list">
        {working.metrics.map((metric) => (
          <MetricEditorCard
            key={metric.id}
            metric={metric}
            locked={locked.has(metric.id)}
            diagnostic={byMetric.get(metric.id) ?? null}
            dimensionName={dimensionNames?.[metric.dimension] ?? null}
            disabled={disabled}
            text={text}
            onEdit={onEdit}
            onLock={onLock}
            onDirtyChange={onDirtyChange}
            draftKey={draftScope === undefined ? undefined : synthesisDraftKey(draftScope, metric.id)}
          />
        ))}
      </ul>
    </section>
  );
}
