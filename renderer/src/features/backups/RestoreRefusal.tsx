import { useState } from 'react';
import { copyText } from '../../components/copy-text';
import { problemLine, type RestoreProblem } from '../../db/backup/restore-check';
import { problemSentence, problemWhere } from './problem-text';
import { useBackupText } from './strings';

/**
 * A backup or project file refused before anything was written: its first problems in the
 * reader's language (table, row, id, field, what is wrong), each with the check's English words
 * beside it; Copy copies those. Plain text throughout: ids and values come from the file.
 */
export function RestoreRefusal({ refusal }: { refusal: { file: string; problems: RestoreProblem[]; total: number } }) {
  const { t, lang } = useBackupText();
  const [copied, setCopied] = useState(false);
  const { file, problems, total } = refusal;
  return (
    <div className="error-inline restore-refusal" role="alert" data-testid="restore-refused" data-total={total}>
      <p>
        <strong>{t('refusedTitle', { file })}</strong>
      </p>
      <p>{total > problems.length ? t('refusedCount', { total, shown: problems.length }) : t('refusedCountAll', { total })}</p>
      <ol>
        {problems.map((problem, index) => (
          <li key={index} data-testid="restore-problem" data-table={problem.table} data-row={problem.row} data-field={problem.field} data-code={problem.code}>
            <span data-testid="restore-problem-where">{problemWhere(lang, problem)}</span>
            {t('problemSeparator')}
            <span data-testid="restore-problem-sentence">{problemSentence(lang, problem)}</span>{' '}
            <small className="muted">
              {t('problemDetail')} <code data-testid="restore-problem-detail">{problem.detail}</code>
            </small>
          </li>
        ))}
      </ol>
      <button type="button" className="quiet" data-testid="restore-copy-problems" onClick={() => void copyText(`${file}\n${problems.map(problemLine).join('\n')}`).then(setCopied)}>
        {copied ? t('copiedProblems') : t('copyProblems')}
      </button>
    </div>
  );
}
