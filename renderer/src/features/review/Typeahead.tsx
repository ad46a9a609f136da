import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { FieldDef } from '../../../../shared/codebook/types';
import { searchLabels } from './label-search';
import { LabelName } from './LabelName';
import type { ReviewTextApi } from './strings';

interface TypeaheadProps {
  field: FieldDef;
  text: ReviewTextApi;
  onPick: (code: string) => void;
  onClose: () => void;
}

/** '/' search over the field's labels; Enter picks the highlighted one, Escape closes. */
export function Typeahead({ field, text, onPick, onClose }: TypeaheadProps) {
  const [query, setQuery] = useState('');
  const [highlight, setHighlight] = useState(0);
  const inputRef = useRef<HTMLInputElement>(null);
  const matches = useMemo(() => searchLabels(field, query), [field, query]);
  const active = Math.min(highlight, Math.max(0, matches.length - 1));

  useEffect(() => {
    inputRef.current?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      setHighlight((current) => Math.min(current + 1, matches.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setHighlight((current) => Math.max(current - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      event.stopPropagation();
      const match = matches[active];
      if (match) onPick(match.code);
    } else if (event.key === 'Tab') {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <div className="rv-typeahead">
      <input
        ref={inputRef}
        className="rv-typeahead-input"
        data-testid="typeahead-input"
        type="text"
        role="combobox"
        aria-expanded="true"
        aria-controls="rv-typeahead-list"
        aria-activedescendant={matches[active] ? `rv-typeahead-${active}` : undefined}
        placeholder={text.t('typeaheadPlaceholder')}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setHighlight(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={onClose}
        autoComplete="off"
        spellCheck={false}
      />
      <ul className="rv-typeahead-list" id="rv-typeahead-list" role="listbox">
        {matches.length === 0 && <li className="rv-muted">{text.t('noMatch')}</li>}
        {matches.map((match, index) => (
          <li
            key={`${match.code}-${match.label ? 'label' : 'new'}`}
            id={`rv-typeahead-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'rv-typeahead-active' : undefined}
            data-testid="typeahead-option"
            data-code={match.code}
            // mousedown, not click: the input's blur would close the list first
            onMouseDown={(event) => {
              event.preventDefault();
              onPick(match.code);
            }}
          >
            {match.label ? <LabelName label={match.label} lang={text.lang} /> : text.t('addValue', { value: match.code })}
            {match.label && <code className="rv-code">{match.code}</code>}
          </li>
        ))}
      </ul>
    </div>
  );
}
