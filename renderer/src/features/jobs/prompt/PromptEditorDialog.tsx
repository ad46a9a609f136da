import { useEffect, useMemo, useRef, useState } from 'react';
import type { Codebook } from '../../../../../shared/codebook/types';
import type { LlmConnection } from '../../../../../shared/llm/connection';
import { checkPromptTemplate, DEFAULT_PRE_ANNOTATION_TEMPLATE, PRE_ANNOTATION_VARIABLES, type PromptTemplate } from '../../../../../shared/llm/prompt-template';
import { getDb } from '../../../db/db';
import { errorMessage } from '../../../db/errors';
import { builtInVersionOf, saveTemplateVersion, type TemplateVersion } from '../../../db/repositories/prompt-templates';
import { EstimateLines } from './EstimateLines';
import { MessagesPreview } from './MessagesPreview';
import { usePromptText, VARIABLE_DESCRIPTION } from './strings';
import type { JobDialogues } from './use-job-dialogues';
import { useJobEstimate } from './use-job-estimate';

interface PromptEditorDialogProps {
  open: boolean;
  /** the version the editor starts from */
  base: TemplateVersion;
  codebook: Codebook;
  dialogues: JobDialogues;
  connections: readonly LlmConnection[];
  onSaved(version: TemplateVersion): void;
  onClose(): void;
}

/**
 * Edits a prompt's two texts, with its problems shown as they are typed (saving waits until
 * there are none), the exact messages for a dialogue of the job, and the job's token estimate.
 * Saving adds a version; nothing already saved changes.
 */
export function PromptEditorDialog({ open, base, codebook, dialogues, connections, onSaved, onClose }: PromptEditorDialogProps) {
  const { t } = usePromptText();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [from, setFrom] = useState<TemplateVersion>(base);
  const [system, setSystem] = useState(base.template.system);
  const [user, setUser] = useState(base.template.user);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  /** one per opening: the preview starts again from the first dialogue */
  const [session, setSession] = useState(0);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      setFrom(base);
      setSystem(base.template.system);
      setUser(base.template.user);
      setMessage(null);
      setSession((count) => count + 1);
      dialog.showModal();
      // showModal focuses the system text, whose caret may sit at its end from the last opening: the title stays in view
      dialog.scrollTop = 0;
    } else if (!open && dialog.open) dialog.close();
    // the texts are taken from the base when the editor opens, not while it is open
  }, [open]);

  const draft: PromptTemplate = useMemo(() => ({ ...from.template, system, user }), [from, system, user]);
  const problems = useMemo(() => checkPromptTemplate(draft), [draft]);
  const usable = problems.length === 0 ? draft : null;
  const dirty = system !== from.template.system || user !== from.template.user;
  const jobEstimate = useJobEstimate(codebook, usable, dialogues.status === 'ready' ? dialogues.dialogues : null);

  const save = async () => {
    setBusy(true);
    try {
      const db = getDb();
      const { version, created } = await saveTemplateVersion(db, { basedOn: from.key, system, user });
      setFrom(version);
      setMessage({ text: t(created ? 'saved' : 'unchanged', { version: version.template.version }), error: false });
      onSaved(version);
    } catch (error) {
      setMessage({ text: t('saveFailed', { message: errorMessage(error) }), error: true });
    } finally {
      setBusy(false);
    }
  };

  const reset = () => {
    const builtIn = builtInVersionOf(from.template.id) ?? builtInVersionOf(DEFAULT_PRE_ANNOTATION_TEMPLATE.id)!;
    setFrom(builtIn);
    setSystem(builtIn.template.system);
    setUser(builtIn.template.user);
    setMessage({ text: t('resetDone'), error: false });
    onSaved(builtIn);
  };

  return (
    <dialog
      ref={dialogRef}
      className="confirm-dialog prompt-editor"
      data-testid="prompt-editor"
      aria-labelledby="prompt-editor-title"
      onCancel={(event) => {
        // the start dialog around this one has its own Escape handling: this Escape is the editor's
        event.preventDefault();
        event.stopPropagation();
        if (!busy) onClose();
      }}
      onClose={(event) => event.stopPropagation()}
    >
      <h2 id="prompt-editor-title">{t('editorTitle')}</h2>
      <p className="muted" data-testid="prompt-editor-base">
        {t('editorBase', { reference: t('reference', { id: from.template.id, version: from.template.version, hash: from.hash }) })}
      </p>
      <div className="prompt-editor-columns">
        <div>
          <label className="prompt-text-field">
            <span>{t('systemText')}</span>
            <textarea data-testid="prompt-editor-system" value={system} rows={10} spellCheck={false} autoFocus onChange={(event) => setSystem(event.target.value)} />
          </label>
          <label className="prompt-text-field">
            <span>{t('userText')}</span>
            <textarea data-testid="prompt-editor-user" value={user} rows={4} spellCheck={false} onChange={(event) => setUser(event.target.value)} />
          </label>
          <details className="prompt-variables" open>
            <summary>{t('variables')}</summary>
            <dl data-testid="prompt-editor-variables">
              {PRE_ANNOTATION_VARIABLES.map((name) => (
                <div key={name}>
                  <dt>
                    <code>{`{{${name}}}`}</code>
                  </dt>
                  <dd>{t(VARIABLE_DESCRIPTION[name])}</dd>
                </div>
              ))}
            </dl>
          </details>
          <div className="prompt-problems" data-testid="prompt-editor-problems" data-count={problems.length} aria-live="polite">
            {problems.length === 0 ? (
              <p className="muted">{t('noProblems')}</p>
            ) : (
              <>
                <p className="error-inline">{t('problems')}</p>
                <ul>
                  {problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
        </div>
        <div>
          <MessagesPreview key={session} codebook={codebook} template={usable} dialogues={dialogues} />
          <h3>{t('jobEstimateTitle')}</h3>
          <EstimateLines state={usable ? jobEstimate : { status: 'failed', message: t('previewUnavailable') }} connections={connections} testId="prompt-editor-job-estimate" />
        </div>
      </div>
      {message && (
        <p className={message.error ? 'error-inline' : 'status-line'} role={message.error ? 'alert' : 'status'} data-testid="prompt-editor-message">
          {message.text}
        </p>
      )}
      <div className="button-row end">
        <button type="button" data-testid="prompt-editor-reset" disabled={busy} onClick={reset}>
          {t('reset')}
        </button>
        <button type="button" data-testid="prompt-editor-close" disabled={busy} onClick={onClose}>
          {dirty ? t('closeDiscarding') : t('closeEditor')}
        </button>
        <button type="button" className="primary" data-testid="prompt-editor-save" disabled={busy || problems.length > 0 || !dirty} onClick={() => void save()}>
          {t('save')}
        </button>
      </div>
    </dialog>
  );
}
