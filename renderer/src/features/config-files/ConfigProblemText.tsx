import type { LocatedProblem } from '../../../../shared/scenario/yaml-file';
import { useConfigFileText } from './strings';
import './config-files.css';

/**
 * One problem of a config file: what kind of problem it is in the reader's language, then the
 * English text (the YAML library's or the format check's own words, with the path) as the detail,
 * as plain text: it may quote the file.
 */
export function ConfigProblemText({ problem }: { problem: Pick<LocatedProblem, 'code' | 'path' | 'message'> }) {
  const { t } = useConfigFileText();
  return (
    <span className="config-problem" data-code={problem.code}>
      <span className="config-problem-sentence">{t(problem.code)}</span>{' '}
      <span className="config-problem-detail">
        {t('detail')} <code>{problem.path ? `${problem.path}: ${problem.message}` : problem.message}</code>
      </span>
    </span>
  );
}
