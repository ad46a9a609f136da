import type { FieldRowModel } from './review-model';
import { LabelName } from './LabelName';
import type { ReviewTextApi } from './strings';

interface LabelOptionsProps {
  row: FieldRowModel;
  text: ReviewTextApi;
  onPick: (code: string) => void;
}

/**
 * The current field's labels, numbered for keys 1–9. Set fields show which labels are on;
 * ordinal fields read as a scale, low to high.
 */
export function LabelOptions({ row, text, onPick }: LabelOptionsProps) {
  const { field } = row;
  const chosen = new Set(row.expert ? row.expert.codes : []);
  const pre = new Set(row.context.pre?.codes ?? []);
  const kind = field.type === 'set' ? 'set' : field.type === 'ordinal' ? 'ordinal' : 'single';
  return (
    <div className={`rv-options rv-options-${kind}`} role={kind === 'set' ? 'group' : 'radiogroup'} aria-label={field.name[text.lang]}>
      {kind === 'ordinal' && <span className="rv-scale-caption">{text.t('scale')}:</span>}
      {field.labels.map((label, index) => {
        const on = chosen.has(label.code);
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
            {index < 9 && <kbd className="rv-option-key">{index + 1}</kbd>}
            {kind === 'set' && <span className="rv-check" aria-hidden="true">{on ? '☑' : '☐'}</span>}
            <LabelName label={label} lang={text.lang} />
            {kind === 'ordinal' && index < field.labels.length - 1 && <span className="rv-scale-step" aria-hidden="true">‹</span>}
          </button>
        );
      })}
    </div>
  );
}
