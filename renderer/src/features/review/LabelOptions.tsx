import { useMemo } from 'react';
import { currentPlatform, formatBinding } from '../../keyboard/key-match';
import { labelPickKey } from '../../keyboard/keymap';
import type { FieldRowModel } from './review-model';
import { LabelName } from './LabelName';
import type { ReviewTextApi } from './strings';

interface LabelOptionsProps {
  row: FieldRowModel;
  text: ReviewTextApi;
  onPick: (code: string) => void;
}

/** The key that picks the label at `position` (1-based), as people read it; null past the key table. */
export function pickKeyText(position: number, platform: 'mac' | 'other'): string | null {
  const key = labelPickKey(position);
  return key === null ? null : formatBinding(key, platform);
}

/**
 * The current field's labels, each with the key that picks it (1–9, 0, Alt+1…). Set fields show which labels are on;
 * ordinal fields read as a scale, low to high.
 */
export function LabelOptions({ row, text, onPick }: LabelOptionsProps) {
  const { field } = row;
  const chosen = new Set(row.expert ? row.expert.codes : []);
  const pre = new Set(row.context.pre?.codes ?? []);
  const kind = field.type === 'set' ? 'set' : field.type === 'ordinal' ? 'ordinal' : 'single';
  const platform = useMemo(() => currentPlatform(), []);
  return (
    <div className={`rv-options rv-options-${kind}`} role={kind === 'set' ? 'group' : 'radiogroup'} aria-label={field.name[text.lang]}>
      {kind === 'ordinal' && <span className="rv-scale-caption">{text.t('scale')}:</span>}
      {field.labels.map((label, index) => {
        const on = chosen.has(label.code);
        const key = pickKeyText(index + 1, platform);
        return (
          <button
            key={label.code}
            type="button"
            className={`rv-option${on ? ' rv-option-on' : ''}${pre.has(label.code) ? ' rv-option-pre' : ''}`}
            role={kind === 'set' ? 'checkbox' : 'radio'}
            aria-checked={on}
            data-code={label.code}
            tabIndex={-1}
            onClick={() => onPick(label.code)}
          >
            {key !== null && (
              <kbd className="rv-option-key" data-testid="label-key">
                {key}
              </kbd>
            )}
            {kind === 'set' && <span className="rv-check" aria-hidden="true">{on ? '☑' : '☐'}</span>}
            <LabelName label={label} lang={text.lang} />
            {kind === 'ordinal' && index < field.labels.length - 1 && <span className="rv-scale-step" aria-hidden="true">‹</span>}
          </button>
        );
      })}
    </div>
  );
}
