import { useState, type FormEvent } from 'react';
import { DEFAULT_MAX_ANSWER_MB } from '../../../../shared/llm/answer-size';
import { checkConnection } from '../../../../shared/llm/check-connection';
import type { ConnectionSettings, KeyChange, LlmConnection } from '../../../../shared/llm/connection';
import { errorMessage } from '../../db/errors';
import { useConnectionsStore } from '../../stores/connections/store';
import { useConnectionText } from './strings';

interface ConnectionFormProps {
  initial: LlmConnection;
  /** a model name to show as the placeholder (from the preset) */
  modelExample?: string;
  keysAllowed: boolean;
  onDone(): void;
}

type NumberField = 'priceIn' | 'priceOut' | 'start' | 'min' | 'max' | 'maxAnswerMB';

/** The model family as saved: trimmed, absent when empty (the self-preference check compares families case-insensitively). */
export function familyOrUndefined(text: string): string | undefined {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : trimmed;
}

function numberOrUndefined(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : Number.NaN;
}

/**
 * Adds or edits one connection. The API key input is write-only: what is typed is sent once with
 * the save (`{ set: key }`) and then cleared; the form shows only whether a key is set.
 */
export function ConnectionForm({ initial, modelExample, keysAllowed, onDone }: ConnectionFormProps) {
  const { t } = useConnectionText();
  const save = useConnectionsStore((state) => state.save);
  const [draft, setDraft] = useState({ name: initial.name, baseURL: initial.baseURL, model: initial.model, organization: initial.organization ?? '', family: initial.family ?? '' });
  const [numbers, setNumbers] = useState<Record<NumberField, string>>({
    priceIn: initial.price ? String(initial.price.inputPerMillion) : '',
    priceOut: initial.price ? String(initial.price.outputPerMillion) : '',
    start: String(initial.concurrency.start),
    min: String(initial.concurrency.min),
    max: String(initial.concurrency.max),
    maxAnswerMB: initial.maxAnswerMB === undefined ? '' : String(initial.maxAnswerMB),
  });
  const [apiKey, setApiKey] = useState('');
  const [removeKey, setRemoveKey] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const settings = (): ConnectionSettings => {
    const inputPerMillion = numberOrUndefined(numbers.priceIn);
    const outputPerMillion = numberOrUndefined(numbers.priceOut);
    const { keySet: _keySet, ...rest } = initial;
    void _keySet;
    return {
      ...rest,
      name: draft.name.trim(),
      baseURL: draft.baseURL.trim(),
      model: draft.model.trim(),
      organization: draft.organization.trim() === '' ? undefined : draft.organization.trim(),
      family: familyOrUndefined(draft.family),
      price: inputPerMillion === undefined || outputPerMillion === undefined ? undefined : { inputPerMillion, outputPerMillion },
      concurrency: { start: Number(numbers.start), min: Number(numbers.min), max: Number(numbers.max) },
      maxAnswerMB: numberOrUndefined(numbers.maxAnswerMB),
    };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const connection = settings();
    const problems = checkConnection({ ...connection, keySet: initial.keySet }).problems;
    if (problems.length > 0) {
      setMessage(t('problems', { message: problems.map((problem) => `${problem.field}: ${problem.message}`).join('; ') }));
      return;
    }
    const key: KeyChange = apiKey !== '' ? { set: apiKey } : removeKey ? { remove: true } : { keep: true };
    setBusy(true);
    try {
      await save(connection, key);
      setApiKey('');
      onDone();
    } catch (error) {
      // main's reason never quotes the key; the typed key stays only in this form
      setMessage(t('saveFailed', { message: errorMessage(error) }));
    } finally {
      setBusy(false);
    }
  };

  const text = (field: keyof typeof draft, label: string, extra: { placeholder?: string; wide?: boolean } = {}) => (
    <label className={`stacked-field${extra.wide ? ' wide' : ''}`}>
      <span>{label}</span>
      <input type="text" data-testid={`connection-${field}`} value={draft[field]} placeholder={extra.placeholder} spellCheck={false} onChange={(event) => setDraft({ ...draft, [field]: event.target.value })} />
    </label>
  );
  const number = (field: NumberField, label: string) => (
    <label className="stacked-field">
      <span>{label}</span>
      <input type="number" min={0} step="any" data-testid={`connection-${field}`} value={numbers[field]} onChange={(event) => setNumbers({ ...numbers, [field]: event.target.value })} />
    </label>
  );

  return (
    <form className="connection-form settings-section" data-testid="connection-form" onSubmit={(event) => void submit(event)}>
      {text('name', t('name'))}
      {text('model', t('model'), { placeholder: modelExample })}
      {text('baseURL', t('baseURL'), { wide: true })}
      {text('organization', t('organization'))}
      {text('family', t('family'), { placeholder: t('familyPlaceholder') })}
      <p className="muted wide">{t('familyHint')}</p>
      {number('priceIn', t('priceIn'))}
      {number('priceOut', t('priceOut'))}
      <p className="muted wide">{t('priceHint')}</p>
      {number('start', t('concurrencyStart'))}
      {number('min', t('concurrencyMin'))}
      {number('max', t('concurrencyMax'))}
      {number('maxAnswerMB', t('maxAnswerMB'))}
      <p className="muted wide">{t('maxAnswerHint', { mb: String(DEFAULT_MAX_ANSWER_MB) })}</p>
      <label className="stacked-field wide">
        <span>
          {t('apiKey')} · <span data-testid="connection-key-state">{initial.keySet ? t('keySet') : t('noKey')}</span>
        </span>
        <input
          type="password"
          data-testid="connection-api-key"
          value={apiKey}
          disabled={!keysAllowed}
          autoComplete="off"
          spellCheck={false}
          placeholder={initial.keySet ? t('apiKeyPlaceholderSet') : t('apiKeyPlaceholderNone')}
          onChange={(event) => setApiKey(event.target.value)}
        />
      </label>
      <p className="muted wide">{t('apiKeyHint')}</p>
      {initial.keySet && (
        <label className="radio wide">
          <input type="checkbox" data-testid="connection-remove-key" checked={removeKey} onChange={(event) => setRemoveKey(event.target.checked)} />
          <span>{t('removeKey')}</span>
        </label>
      )}
      {message && (
        <p className="error-inline wide" role="alert" data-testid="connection-form-error">
          {message}
        </p>
      )}
      <div className="button-row wide">
        <button type="submit" className="primary" data-testid="connection-save" disabled={busy}>
          {t('save')}
        </button>
        <button type="button" onClick={onDone} disabled={busy}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
