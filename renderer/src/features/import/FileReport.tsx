import { useT, useLanguage, formatDateTime, type MessageKey } from '../../i18n';
import { issueCounts, needsTeacherModel, verdictOf, type FileVerdict } from '../../stores/import/file-verdict';
import type { ImportFileEntry } from '../../stores/import/store';
import { ENCODING_LABELS, encodingWords } from './encoding-strings';
import { formatName } from './format-names';
import { IssueList } from './IssueList';
import { overBudgetSentence, useReadingText } from './reading-strings';
import { TeacherModelField } from './TeacherModelField';

const VERDICT_KEYS: Record<Exclude<FileVerdict, 'refused'>, MessageKey> = {
  clean: 'report.verdict.clean',
  warnings: 'report.verdict.warnings',
  errors: 'report.verdict.errors',
  empty: 'report.verdict.empty',
  unsupported: 'report.verdict.unsupported',
};

interface FileReportProps {
  entry: ImportFileEntry;
  index: number;
  disabled: boolean;
  /**
   * the file goes to the stored dialogues as an annotation layer: their teacher models stay, so
   * the file's model is not required (it still tells apart ids the data set holds under several models)
   */
  attachingLayer: boolean;
  onInclude(index: number, include: boolean): void;
  onTeacherModel(index: number, teacherModel: string): void;
}

export function FileReport({ entry, index, disabled, attachingLayer, onInclude, onTeacherModel }: FileReportProps) {
  const t = useT();
  const lang = useLanguage();
  const { t: readingWords } = useReadingText();
  const { t: encodingText, lang: encodingLang } = encodingWords.useText();
  const verdict = verdictOf(entry);
  const counts = issueCounts(entry.parsed);
  const turns = entry.parsed?.dialogues.reduce((sum, dialogue) => sum + dialogue.turns.length, 0) ?? 0;
  const importable = verdict === 'clean' || verdict === 'warnings';
  const errorLines = new Set(entry.parsed?.issues.filter((issue) => issue.severity === 'error').map((issue) => issue.line)).size;
  // a file with warnings is imported only once ticked: until then the tick is what the user has to find
  const waitingForTick = verdict === 'warnings' && !entry.include;

  return (
    <article className={`file-report verdict-${verdict}`} data-testid="import-file" data-file={entry.name} data-verdict={verdict}>
      <header className="file-report-header">
        <h3 className="file-name">{entry.name}</h3>
        <span className={`verdict verdict-${verdict}`} data-testid="import-file-verdict">
          {verdict === 'refused' ? readingWords('overBudgetVerdict') : t(VERDICT_KEYS[verdict], { errors: counts.errors, warnings: counts.warnings })}
        </span>
      </header>

      <div className="file-report-facts">
        <span>
          {t('report.format')}: {formatName(entry.format)}
        </span>
        {entry.readAs && (
          <span
            className="read-as-mark"
            data-testid="import-file-read-as"
            data-encoding={entry.readAs}
            title={encodingText('readAsMarkTitle', { encoding: ENCODING_LABELS[entry.readAs][encodingLang] })}
          >
            {encodingText('readAsMark', { encoding: ENCODING_LABELS[entry.readAs][encodingLang] })}
          </span>
        )}
        {verdict !== 'refused' && (
          <span data-testid="import-file-counts" data-dialogues={entry.parsed?.dialogues.length ?? 0} data-turns={turns}>
            {verdict === 'errors' && entry.parsed ? (
              // what the error keeps out, rather than the "0 dialogues" that are imported
              <span className="readable-with-errors" data-testid="import-file-readable" data-dialogues={entry.parsed.readable.dialogues} data-error-lines={errorLines}>
                {t('report.readableWithErrors', { dialogues: entry.parsed.readable.dialogues, turns: entry.parsed.readable.turns, lines: errorLines })}
              </span>
            ) : (
              t('report.counts', {
                dialogues: entry.parsed?.dialogues.length ?? 0,
                turns,
                annotations: entry.parsed?.counts.annotations ?? 0,
              })
            )}
          </span>
        )}
        {importable && (
          <TeacherModelField entry={entry} index={index} disabled={disabled} required={!attachingLayer && needsTeacherModel(entry)} onChange={onTeacherModel} />
        )}
      </div>

      {entry.priorImports.length > 0 && (
        <p className="notice-inline" data-testid="import-file-duplicate">
          {t('report.duplicate', {
            date: formatDateTime(lang, entry.priorImports[0].importedAt),
            dataset: entry.priorImports[0].datasetName ?? t('report.deletedDataset'),
          })}
        </p>
      )}
      {entry.sameAs !== null && (
        <p className="notice-inline" data-testid="import-file-same-as">
          {t('report.sameAs', { file: entry.sameAs })}
        </p>
      )}

      {verdict === 'errors' && <p className="explain">{t('report.errorsExplain')}</p>}
      {verdict === 'empty' && <p className="explain">{t('report.emptyExplain')}</p>}
      {verdict === 'unsupported' && <p className="explain">{t('report.unsupportedExplain')}</p>}
      {entry.refusal?.kind === 'over-budget' && (
        <p className="explain" data-testid="import-file-refusal" data-kind="over-budget">
          {overBudgetSentence(lang, entry.name, entry.refusal.budgetMs)}
        </p>
      )}

      {importable && (
        <label className={`checkbox include${waitingForTick ? ' needs-attention' : ''}`} data-testid="import-include-label">
          <input
            type="checkbox"
            id={`import-include-${index}`}
            data-testid={verdict === 'warnings' ? 'import-accept-warnings' : 'import-file-include'}
            checked={entry.include}
            disabled={disabled}
            onChange={(event) => onInclude(index, event.target.checked)}
          />
          <span>{verdict === 'warnings' ? t('report.includeWithWarnings', { count: counts.warnings }) : t('report.include')}</span>
        </label>
      )}

      {entry.parsed && <IssueList issues={entry.parsed.issues} />}
    </article>
  );
}
