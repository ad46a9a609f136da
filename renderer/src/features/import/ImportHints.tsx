import { useT } from '../../i18n';
import type { ImportHint } from '../../stores/import/selectors';

/** The control in a file's card that a hint is about; the card renders these ids. */
function targetOf(hint: ImportHint): string | null {
  switch (hint.kind) {
    case 'accept-warnings':
    case 'include-again':
      return `import-include-${hint.index}`;
    case 'name-teacher-model':
      return `import-teacher-model-${hint.index}`;
    case 'nothing-importable':
      return null;
  }
}

/** Brings the control into view and focuses it, so the next step is one key or click away. */
function reveal(id: string): void {
  const element = document.getElementById(id);
  if (!element) return;
  element.scrollIntoView({ block: 'center' });
  element.focus();
}

/** What is left to do before Import, under the totals, each with a way to the control it names. */
export function ImportHints({ hints }: { hints: readonly ImportHint[] }) {
  const t = useT();
  if (hints.length === 0) return null;
  const sentence = (hint: ImportHint): string => {
    switch (hint.kind) {
      case 'accept-warnings':
        return t('report.hint.acceptWarnings', { file: hint.file, count: hint.warnings });
      case 'include-again':
        return t('report.hint.includeAgain', { file: hint.file });
      case 'name-teacher-model':
        return hint.suggestion !== null
          ? t('report.hint.teacherModelSuggestion', { file: hint.file, suggestion: hint.suggestion })
          : t('report.hint.teacherModel', { file: hint.file });
      case 'nothing-importable':
        return t('report.hint.nothingImportable');
    }
  };
  return (
    <ul className="import-hints" data-testid="import-hints" aria-live="polite">
      {hints.map((hint, position) => {
        const target = targetOf(hint);
        return (
          <li key={position} data-testid="import-hint" data-kind={hint.kind} data-file={'file' in hint ? hint.file : undefined}>
            <span>{sentence(hint)}</span>
            {target !== null && (
              <button type="button" className="link-button" data-testid="import-hint-show" onClick={() => reveal(target)}>
                {t('report.hint.show')}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
