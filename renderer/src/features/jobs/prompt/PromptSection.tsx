import { useEffect, useMemo, useRef, useState } from 'react';
import type { LlmConnection } from '../../../../../shared/llm/connection';
import { codebookForDataset, type CodebookRef } from '../../../codebook';
import { getDb } from '../../../db/db';
import { errorMessage } from '../../../db/errors';
import { listTemplateVersions, removeTemplateVersion, type TemplateVersion } from '../../../db/repositories/prompt-templates';
import { formatDateTime } from '../../../i18n';
import type { JobScope } from '../build-definition';
import { EstimateLines } from './EstimateLines';
import { PromptEditorDialog } from './PromptEditorDialog';
import { usePromptText } from './strings';
import { useJobDialogues } from './use-job-dialogues';
import { useJobEstimate } from './use-job-estimate';
import './prompt.css';

interface PromptSectionProps {
  open: boolean;
  datasetId: string;
  /** the data set's codebook and recorded version */
  codebookRef: CodebookRef;
  scope: JobScope;
  /** the connections chosen for the job, for its cost */
  connections: readonly LlmConnection[];
  chosen: TemplateVersion | null;
  onChoose(version: TemplateVersion): void;
}

/**
 * The start dialog's prompt: which version the job uses (the last saved one unless another is
 * chosen), what names it in the stored calls, the job's token estimate, and the editor.
 */
export function PromptSection({ open, datasetId, codebookRef, scope, connections, chosen, onChoose }: PromptSectionProps) {
  const { t, lang } = usePromptText();
  const [versions, setVersions] = useState<TemplateVersion[]>([]);
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const { codebookId, codebookHash } = codebookRef;
  const { codebook } = useMemo(() => codebookForDataset({ codebookId, codebookHash }), [codebookId, codebookHash]);
  const dialogues = useJobDialogues(open, datasetId, { codebookId, codebookHash }, scope);
  const estimate = useJobEstimate(codebook, chosen?.template ?? null, dialogues.status === 'ready' ? dialogues.dialogues : null);

  const reload = async (choose?: TemplateVersion) => {
    const listed = await listTemplateVersions(getDb());
    setVersions(listed);
    const keep = choose ?? listed.find((version) => version.key === chosen?.key) ?? listed[0];
    if (keep) onChoose(keep);
  };

  useEffect(() => {
    if (!open) return;
    setProblem(null);
    reload(chosen ?? undefined).catch((error: unknown) => setProblem(errorMessage(error)));
  }, [open]);

  const remove = async () => {
    if (!chosen || chosen.builtIn) return;
    try {
      await removeTemplateVersion(getDb(), chosen.key);
      const listed = await listTemplateVersions(getDb());
      setVersions(listed);
      if (listed[0]) onChoose(listed[0]);
    } catch (error) {
      setProblem(t('removeFailed', { message: errorMessage(error) }));
    }
  };

  const optionName = (version: TemplateVersion) =>
    version.builtIn ? t('builtInOption', { version: version.template.version }) : t('savedOption', { version: version.template.version, at: formatDateTime(lang, version.createdAt ?? '') });

  return (
    <fieldset className="choice-group prompt-section">
      <legend>{t('prompt')}</legend>
      <div className="button-row">
        <label className="stacked-field">
          <span>{t('version')}</span>
          <select
            data-testid="start-job-template"
            value={chosen?.key ?? ''}
            onChange={(event) => {
              const version = versions.find((candidate) => candidate.key === event.target.value);
              if (version) onChoose(version);
            }}
          >
            {versions.map((version) => (
              <option key={version.key} value={version.key}>
                {optionName(version)}
              </option>
            ))}
          </select>
        </label>
        <button type="button" ref={editButton} data-testid="start-job-edit-template" disabled={!chosen} onClick={() => setEditing(true)}>
          {t('edit')}
        </button>
        {chosen && !chosen.builtIn && (
          <button type="button" data-testid="start-job-remove-template" onClick={() => void remove()}>
            {t('remove')}
          </button>
        )}
      </div>
      {chosen && (
        <p className="muted prompt-reference" data-testid="start-job-template-ref" data-id={chosen.template.id} data-version={chosen.template.version} data-hash={chosen.hash}>
          {t('reference', { id: chosen.template.id, version: chosen.template.version, hash: chosen.hash })}
        </p>
      )}
      {problem && (
        <p className="error-inline" role="alert">
          {problem}
        </p>
      )}
      <EstimateLines state={dialogues.status === 'failed' ? { status: 'failed', message: dialogues.message } : estimate} connections={connections} testId="start-job-estimate" />
      {chosen && (
        <PromptEditorDialog
          open={editing}
          base={chosen}
          codebook={codebook}
          dialogues={dialogues}
          connections={connections}
          onSaved={(version) => void reload(version).catch((error: unknown) => setProblem(errorMessage(error)))}
          onClose={() => {
            setEditing(false);
            editButton.current?.focus();
          }}
        />
      )}
    </fieldset>
  );
}
