import { useState, type KeyboardEvent } from 'react';
import type { FieldDef } from '../../../../shared/codebook/types';
import { Typeahead } from '../review/Typeahead';
import { useReviewText } from '../review/strings';
import { useAdjudicationText } from './strings';
import { ValueChips } from './ValueChips';

interface OtherValueEditorProps {
  field: FieldDef;
  onDecide(codes: string[]): void;
  onClose(): void;
}

/**
 * Another value than the layers gave, picked with review's label search. A one-label field is
 * decided by the label picked; a label set is built by toggling labels and decided with Ctrl+Enter.
 */
export function OtherValueEditor({ field, onDecide, onClose }: OtherValueEditorProps) {
  const reviewText = useReviewText();
  const { t, lang } = useAdjudicationText();
  const [codes, setCodes] = useState<string[]>([]);
  // a set is built one label at a time: after each pick the search starts empty again (a new Typeahead)
  const [picks, setPicks] = useState(0);
  const isSet = field.type === 'set';

  const onKeyDownCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    if (isSet && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.stopPropagation();
      onDecide(codes);
    }
  };

  return (
    <div className="adj-other" data-testid="adjudication-other" onKeyDownCapture={onKeyDownCapture}>
      <span className="adj-other-title">{t('otherValue')}</span>
      {isSet && (
        <>
          <ValueChips field={field} codes={codes} lang={lang} />
          <span className="muted">{t('otherSetHelp')}</span>
        </>
      )}
      <Typeahead
        key={picks}
        field={field}
        text={reviewText}
        onPick={(code) => {
          if (!isSet) return onDecide([code]);
          setCodes((current) => (current.includes(code) ? current.filter((entry) => entry !== code) : [...current, code]));
          setPicks((count) => count + 1);
        }}
        onClose={onClose}
      />
      {isSet && (
        <button type="button" data-testid="adjudication-decide-set" onMouseDown={(event) => event.preventDefault()} onClick={() => onDecide(codes)}>
          {t('decideSet')}
        </button>
      )}
    </div>
  );
}
