import type { TableSave } from '../stores/export/save-table';

interface SaveOutcomeProps {
  save: TableSave<string> | null;
  testId: string;
  words: { saved: (path: string) => string; canceled: string; failed: string };
}

/** One line after a save: where the file went, that it was cancelled, or that it failed. */
export function SaveOutcome({ save, testId, words }: SaveOutcomeProps) {
  if (save?.status === 'saved') {
    return (
      <p className="success-inline" data-testid={testId} data-kind={save.kind} data-path={save.path ?? ''} aria-live="polite">
        {words.saved(save.path ?? '')}
      </p>
    );
  }
  if (save?.status === 'canceled') return <p className="muted">{words.canceled}</p>;
  if (save?.status === 'error') return <p className="error-inline" role="alert">{words.failed}</p>;
  return null;
}
