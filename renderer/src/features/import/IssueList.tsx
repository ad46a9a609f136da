import { useMemo, useState } from 'react';
import type { Codebook, LabelLanguage } from '../../../../shared/codebook/types';
import type { ImportIssue } from '../../../../shared/model/dataset';
import { ACTIVE_CODEBOOK, fieldName, registeredCodebookVersions } from '../../codebook';
import { copyText } from '../../components/copy-text';
import { useLanguage, useT } from '../../i18n';
import { formatIssue } from '../../stores/import/file-verdict';
import { useImportStore } from '../../stores/import/store';
import { issueKindName, issueLine, issueSentence } from './issue-strings';

/** The codebook the files were read against (a custom one's field names are its own). */
function useParsedWithCodebook(): Codebook {
  const parsedWith = useImportStore((state) => state.parsedWith);
  return useMemo(() => registeredCodebookVersions().find((row) => row.id === parsedWith)?.codebook ?? ACTIVE_CODEBOOK, [parsedWith]);
}

function displayFieldName(codebook: Codebook, fieldId: string | undefined, lang: LabelLanguage): string | null {
  if (fieldId === undefined) return null;
  const field = codebook.fields.find((candidate) => candidate.id === fieldId);
  return field ? fieldName(field, lang) : fieldId;
}

/** Long lists are shown in pages: a file with 5,000 warnings must not render 5,000 rows at once. */
const PAGE = 200;

export function IssueList({ issues }: { issues: readonly ImportIssue[] }) {
  const t = useT();
  const lang = useLanguage();
  const codebook = useParsedWithCodebook();
  const [code, setCode] = useState<string | null>(null);
  const [shown, setShown] = useState(PAGE);
  const [copied, setCopied] = useState<'idle' | 'done' | 'failed'>('idle');

  const byCode = useMemo(() => {
    const counts = new Map<string, { errors: number; warnings: number }>();
    for (const issue of issues) {
      const entry = counts.get(issue.code) ?? { errors: 0, warnings: 0 };
      if (issue.severity === 'error') entry.errors += 1;
      else entry.warnings += 1;
      counts.set(issue.code, entry);
    }
    return [...counts].sort((a, b) => b[1].errors - a[1].errors || b[1].warnings + b[1].errors - (a[1].warnings + a[1].errors));
  }, [issues]);

  // Errors first: they are what blocks the file.
  const filtered = useMemo(() => {
    const list = code === null ? [...issues] : issues.filter((issue) => issue.code === code);
    return list.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) || a.line - b.line);
  }, [issues, code]);

  if (issues.length === 0) return null;

  const copy = async () => {
    setCopied((await copyText(filtered.map(formatIssue).join('\n'))) ? 'done' : 'failed');
  };

  return (
    <div className="issue-list" data-testid="import-error-list">
      <div className="issue-codes" role="group" aria-label={t('report.issueCodes')}>
        <button type="button" className={code === null ? 'chip active' : 'chip'} aria-pressed={code === null} onClick={() => setCode(null)}>
          {t('report.allIssues')} <span className="chip-count">{issues.length}</span>
        </button>
        {byCode.map(([issueCode, counts]) => (
          <button
            key={issueCode}
            type="button"
            data-testid="import-issue-code"
            data-code={issueCode}
            className={`chip ${counts.errors > 0 ? 'chip-error' : 'chip-warning'}${code === issueCode ? ' active' : ''}`}
            aria-pressed={code === issueCode}
            title={issueCode}
            onClick={() => {
              setCode(issueCode);
              setShown(PAGE);
            }}
          >
            {issueKindName(lang, issueCode)} <span className="chip-count">{counts.errors + counts.warnings}</span>
          </button>
        ))}
        <button type="button" className="quiet" data-testid="import-copy-issues" onClick={() => void copy()}>
          {copied === 'done' ? t('report.copied') : copied === 'failed' ? t('report.copyFailed') : t('report.copy', { count: filtered.length })}
        </button>
      </div>
      <ol className="issues">
        {filtered.slice(0, shown).map((issue, index) => (
          <li key={`${issue.line}-${issue.code}-${index}`} className={`issue issue-${issue.severity}`} data-testid="import-issue" data-severity={issue.severity} data-code={issue.code}>
            <span className="issue-severity">{issue.severity === 'error' ? t('report.error') : t('report.warning')}</span>
            <span className="issue-body">
              <span className="issue-summary" data-testid="import-issue-summary">
                <span className="issue-line">{issueLine(lang, issue.line, issue.turn)}</span> {issueSentence(lang, issue.code, displayFieldName(codebook, issue.field, lang))}
              </span>
              {/* the parser's own words, with the quoted values: what to search the file for or send on */}
              <span className="issue-detail">
                <span className="issue-code">{issue.code}</span>
                <span className="issue-text">{formatIssue(issue)}</span>
              </span>
            </span>
          </li>
        ))}
      </ol>
      {filtered.length > shown && (
        <button type="button" className="quiet" data-testid="import-issues-more" onClick={() => setShown((count) => count + PAGE * 5)}>
          {t('report.showMore', { shown, total: filtered.length })}
        </button>
      )}
    </div>
  );
}
