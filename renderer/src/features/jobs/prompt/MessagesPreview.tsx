import { useMemo, useState } from 'react';
import type { Codebook } from '../../../../../shared/codebook/types';
import { buildPreAnnotationMessages } from '../../../../../shared/llm/messages';
import type { ChatMessage } from '../../../../../shared/llm/messages';
import type { PromptTemplate } from '../../../../../shared/llm/prompt-template';
import { estimateMessagesTokens, estimatePreAnnotationJob, type JobTokenEstimate } from '../../../../../shared/llm/token-estimate';
import { DEFAULT_WINDOW, turnWindows } from '../../../../../shared/llm/windows';
import { errorMessage } from '../../../db/errors';
import { formatNumber } from '../../../i18n';
import { usePromptText } from './strings';
import type { JobDialogues } from './use-job-dialogues';

type Preview = { kind: 'ready'; messages: ChatMessage[]; windows: number; shownTokens: number; estimate: JobTokenEstimate } | { kind: 'failed'; message: string };

/**
 * The exact messages the job sends for one of its dialogues (the first call of it), as plain
 * text: utterances are data, never markup. The first dialogue the job asks is shown unless
 * another is chosen.
 */
export function MessagesPreview({ codebook, template, dialogues }: { codebook: Codebook; template: PromptTemplate | null; dialogues: JobDialogues }) {
  const { t, lang } = usePromptText();
  const [position, setPosition] = useState('1');
  const count = dialogues.status === 'ready' ? dialogues.dialogues.length : 0;
  const index = Math.min(Math.max(1, Math.trunc(Number(position)) || 1), Math.max(1, count)) - 1;
  const dialogue = dialogues.status === 'ready' ? dialogues.dialogues[index] : undefined;

  const preview = useMemo((): Preview | null => {
    if (!template || !dialogue) return null;
    try {
      const windows = turnWindows(dialogue.turns.length, DEFAULT_WINDOW);
      const { messages } = buildPreAnnotationMessages({ codebook, template, turns: dialogue.turns, window: windows[0] });
      return { kind: 'ready', messages, windows: windows.length, shownTokens: estimateMessagesTokens(messages), estimate: estimatePreAnnotationJob({ codebook, template, dialogues: [dialogue] }) };
    } catch (error) {
      return { kind: 'failed', message: errorMessage(error) };
    }
  }, [codebook, template, dialogue]);

  return (
    <section className="prompt-preview" aria-labelledby="prompt-preview-title">
      <h3 id="prompt-preview-title">{t('preview')}</h3>
      {dialogues.status === 'loading' && <p className="muted">{t('loadingDialogues')}</p>}
      {dialogues.status === 'failed' && <p className="error-inline">{t('estimateFailed', { message: dialogues.message })}</p>}
      {dialogues.status === 'ready' && count === 0 && <p className="muted">{t('noDialogues')}</p>}
      {dialogues.status === 'ready' && count > 0 && (
        <label className="stacked-field">
          <span>{t('previewDialogue', { n: formatNumber(lang, count) })}</span>
          <span className="button-row">
            <input type="number" min={1} max={count} data-testid="prompt-editor-preview-dialogue" value={position} onChange={(event) => setPosition(event.target.value)} />
            <span data-testid="prompt-editor-preview-dialogue-name">{dialogues.labels[index]}</span>
          </span>
        </label>
      )}
      {!template && dialogue && <p className="muted">{t('previewUnavailable')}</p>}
      {preview?.kind === 'failed' && <p className="error-inline">{preview.message}</p>}
      {preview?.kind === 'ready' && (
        <>
          <p data-testid="prompt-editor-preview-tokens" data-input-tokens={preview.estimate.input} data-shown-tokens={preview.shownTokens}>
            {t('previewTokens', { input: formatNumber(lang, preview.estimate.input), outputLow: formatNumber(lang, preview.estimate.output.low), outputHigh: formatNumber(lang, preview.estimate.output.high), calls: formatNumber(lang, preview.estimate.calls) })}
          </p>
          {preview.windows > 1 && <p className="muted">{t('previewWindows', { n: formatNumber(lang, preview.windows) })}</p>}
          <ol className="prompt-messages" data-testid="prompt-editor-preview">
            {preview.messages.map((message, at) => (
              <li key={at} data-role={message.role}>
                <h4>{t(`role_${message.role}`)}</h4>
                <pre tabIndex={0}>{message.content}</pre>
              </li>
            ))}
          </ol>
        </>
      )}
    </section>
  );
}
