import { useCallback, useEffect, useState, type KeyboardEvent } from 'react';
import { useSynthesisDrafts } from '../../../stores/synthesis/drafts';
import { REVISABLE_FIELDS, type BilingualText, type DraftMetric, type MetricDiagnostic, type RevisableField } from '../../../../../shared/synthesis/types';
import { changedFields, draftOf, failureMessage, sameDraft, typedInto, type MetricDraft } from './editor-draft';
import { inBoth, verdictReason, verdictWord, weightPercent } from './format';
import type { SynthesisPanelStringKey, SynthesisPanelTextApi } from './strings';

const FIELD_WORDS: Record<RevisableField, SynthesisPanelStringKey> = { description: 'fieldDescription', positiveExample: 'fieldPositiveExample', negativeExample: 'fieldNegativeExample' };

export interface MetricEditorCardProps {
  metric: DraftMetric;
  locked: boolean;
  diagnostic: MetricDiagnostic | null;
  dimensionName: BilingualText | null;
  disabled: boolean;
  text: SynthesisPanelTextApi;
  onEdit(metricId: string, edit: Partial<MetricDraft>): Promise<void>;
  onLock(metricId: string, locked: boolean): Promise<void>;
  /** told whenever this card's unsaved state flips (and that it has none when it goes) */
  onDirtyChange?(metricId: string, dirty: boolean): void;
  /** where the unsaved text is kept beyond this card (the drafts store), so leaving the view loses none; absent: the card's own state */
  draftKey?: string;
}

/**
 * The card's unsaved text: in the drafts store under `key` (it outlives the view), else in the
 * card's own state. Either way set synchronously, with an updater as React's setState takes.
 */
function useMetricDraft(key: string | null): [MetricDraft | null, (next: MetricDraft | null | ((previous: MetricDraft | null) => MetricDraft | null)) => void] {
  const [local, setLocal] = useState<MetricDraft | null>(null);
  const stored = useSynthesisDrafts((state) => (key ? (state.drafts[key] ?? null) : null));
  const setStored = useCallback(
    (next: MetricDraft | null | ((previous: MetricDraft | null) => MetricDraft | null)) => {
      if (!key) return;
      const drafts = useSynthesisDrafts.getState();
      drafts.put(key, typeof next === 'function' ? next(drafts.drafts[key] ?? null) : next);
    },
    [key],
  );
  return key ? [stored, setStored] : [local, setLocal];
}

/**
 * One working metric. What is typed stays in its draft (never async per key) until saved: new
 * props — another metric saved, a lock toggled — leave it alone. The draft is dropped once the
 * props hold it, so text typed during a save is never lost.
 */
export function MetricEditorCard({ metric, locked, diagnostic, dimensionName, disabled, text, onEdit, onLock, onDirtyChange, draftKey }: MetricEditorCardProps) {
  const { t, lang } = text;
  const [draft, setDraft] = useMetricDraft(draftKey ?? null);
  const [saving, setSaving] = useState(false);
  const [locking, setLocking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = draft ?? draftOf(metric);
  const changes = draft ? changedFields(metric, draft) : {};
  const dirty = Object.keys(changes).length > 0;
  const name = inBoth(metric.name, lang);
  // once the stored metric holds what was typed (the save came back as new props), the draft
  // goes; text typed while the save was on its way still differs, so it stays
  useEffect(() => {
    if (draft && sameDraft(draft, draftOf(metric))) setDraft(null);
  }, [draft, metric]);
  useEffect(() => {
    onDirtyChange?.(metric.id, dirty);
    return () => onDirtyChange?.(metric.id, false);
  }, [onDirtyChange, metric.id, dirty]);

  const type = (field: RevisableField, language: 'zh' | 'en', value: string) => setDraft((previous) => typedInto(previous ?? draftOf(metric), field, language, value));
  const cancel = () => {
    setDraft(null);
    setError(null);
  };
  const save = async () => {
    if (!draft || !dirty || saving || disabled) return;
    const sent = draft;
    setSaving(true);
    setError(null);
    try {
      await onEdit(metric.id, changedFields(metric, sent));
    } catch (failure) {
      setError(t('editFailed', { message: failureMessage(failure) }));
    } finally {
      setSaving(false);
    }
  };
  const toggleLock = async () => {
    setLocking(true);
    setError(null);
    try {
      await onLock(metric.id, !locked);
    } catch (failure) {
      setError(t('lockFailed', { message: failureMessage(failure) }));
    } finally {
      setLocking(false);
    }
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape' && draft) {
      event.preventDefault();
      event.stopPropagation();
      cancel();
    }
  };

  return (
    <li className="synthesis-editor-card" data-testid="synthesis-editor-metric" data-metric={metric.id} data-dirty={dirty} data-locked={locked} onKeyDown={onKeyDown}>
      <div className="synthesis-editor-head">
        <h4 title={name.other}>
          {name.shown} <span className="synthesis-other">{name.other}</span>
        </h4>
        <span className="synthesis-fixed">
          {metric.id} · {t('fieldDimension')} {dimensionName ? dimensionName[lang] : metric.dimension} · {t('fieldWeight')} {weightPercent(metric.weight)}
        </span>
        {diagnostic && (
          <span className={`synthesis-verdict synthesis-verdict-${diagnostic.verdict}`} data-testid="synthesis-editor-verdict" data-verdict={diagnostic.verdict} title={verdictReason(lang, diagnostic)}>
            {verdictWord(lang, diagnostic.verdict)}
          </span>
        )}
        {locked && <span className="synthesis-badge synthesis-badge-lock">{t('locked')}</span>}
        {dirty && (
          <span className="synthesis-unsaved" data-testid="synthesis-editor-unsaved">
            ● {t('unsaved')}
          </span>
        )}
      </div>
      <p className="synthesis-fixed">{t('editorFixed')}</p>
      {REVISABLE_FIELDS.map((field) => (
        <fieldset key={field} className="synthesis-field">
          <legend>{t(FIELD_WORDS[field])}</legend>
          {(['zh', 'en'] as const).map((language) => (
            <label key={language}>
              {t(language === 'zh' ? 'langZh' : 'langEn')}
              <textarea
                data-testid={`synthesis-editor-${field}-${language}`}
                lang={language === 'zh' ? 'zh-CN' : 'en'}
                value={shown[field][language]}
                disabled={disabled}
                onChange={(event) => type(field, language, event.target.value)}
              />
            </label>
          ))}
        </fieldset>
      ))}
      <div className="synthesis-editor-actions">
        <button type="button" className="primary" data-testid="synthesis-editor-save" disabled={disabled || !dirty || saving} onClick={() => void save()} title={t('saveHint')}>
          {saving ? t('savingEdit') : t('save')}
        </button>
        <button type="button" data-testid="synthesis-editor-cancel" disabled={!draft || saving} onClick={cancel}>
          {t('cancel')}
        </button>
        <span className="muted small">{t('saveHint')}</span>
        <button type="button" data-testid="synthesis-editor-lock" aria-pressed={locked} disabled={disabled || locking} onClick={() => void toggleLock()}>
          {locked ? t('unlock') : t('lock')}
        </button>
        <span className="small" data-testid="synthesis-editor-lock-state">
          {locked ? t('lockedState') : t('unlockedState')}
        </span>
      </div>
      {error && (
        <p className="error-inline" role="alert" data-testid="synthesis-editor-error">
          {error}
        </p>
      )}
    </li>
  );
}
