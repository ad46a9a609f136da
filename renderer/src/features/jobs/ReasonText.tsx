import { useState } from 'react';
import type { JobReason } from '../../../../shared/jobs';
import { copyText } from '../../components/copy-text';
import { reasonSentence } from './reason-text';
import { useJobsText } from './strings';
import './jobs.css';

interface ReasonTextProps {
  why: JobReason | undefined | null;
  /** main's own English words: the technical detail, shown beside the sentence and copied */
  detail: string;
  testId?: string;
}

/**
 * Why an item failed or a job stopped: the reason in the reader's language, and main's English
 * text beside it, smaller, as plain text (it may quote model output) that the Copy button copies.
 */
export function ReasonText({ why, detail, testId = 'reason' }: ReasonTextProps) {
  const { t, lang } = useJobsText();
  const [copied, setCopied] = useState(false);
  const sentence = reasonSentence(lang, why) ?? t('reason.unknown');
  return (
    <span className="reason" data-testid={testId} data-code={why?.code ?? 'unknown'}>
      <span className="reason-sentence" data-testid={`${testId}-sentence`}>{sentence}</span>{' '}
      <span className="reason-detail">
        <span className="reason-detail-label">{t('reasonDetail')}</span>{' '}
        <code data-testid={`${testId}-detail`}>{detail}</code>{' '}
        <button type="button" className="quiet reason-copy" onClick={() => void copyText(detail).then((done) => setCopied(done))}>
          {copied ? t('reasonCopied') : t('reasonCopy')}
        </button>
      </span>
    </span>
  );
}
