import { useEffect, useState } from 'react';
import { RUN_NAME_MAX_LENGTH } from '../../db/repositories/metric-runs';

interface RunNameInputProps {
  name: string;
  label: string;
  placeholder: string;
  title: string;
  onRename(name: string): void;
}

/** The run's own name, saved on Enter or when the box loses focus; Escape puts the saved name back. */
export function RunNameInput({ name, label, placeholder, title, onRename }: RunNameInputProps) {
  const [draft, setDraft] = useState(name);
  useEffect(() => setDraft(name), [name]);
  const commit = () => {
    if (draft.trim() !== name) onRename(draft);
  };
  return (
    <input
      type="text"
      className="metrics-run-name"
      data-testid="metrics-run-name"
      aria-label={label}
      title={title}
      placeholder={placeholder}
      maxLength={RUN_NAME_MAX_LENGTH}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        } else if (event.key === 'Escape') {
          // Escape belongs to this box here, not to the global "back to the table" shortcut.
          event.stopPropagation();
          setDraft(name);
        }
      }}
    />
  );
}
