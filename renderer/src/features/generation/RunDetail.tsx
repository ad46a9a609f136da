import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../db/errors';
import { formatNumber } from '../../i18n';
import { useAppStore } from '../../stores/app/store';
import { droppedConversations } from '../../stores/generation/outputs';
import { useGenerationRunsStore, type RunEntry } from '../../stores/generation/runs-store';
import { LearningCurveSection } from './LearningCurveSection';
import { PreferenceSection } from './PreferenceSection';
import type { GenerationTextApi } from './strings';

const stemOf = (title: string) => title.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^-+|-+$/g, '') || 'generation';

/** One run: its counts, "Create data set", what was dropped or failed and why, the learning curves and the preference pairs. */
export function RunDetail({ entry, working, text }: { entry: RunEntry; working: boolean; text: GenerationTextApi }) {
  const { t, lang } = text;
  const { run, counts } = entry;
  const payloads = useGenerationRunsStore((state) => state.payloads);
  const createDataset = useGenerationRunsStore((state) => state.createDataset);
  const openDataset = useAppStore((state) => state.openDataset);
  const [name, setName] = useState(run.title);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; words: string } | null>(null);
  useEffect(() => {
    setName(run.title);
    setOutcome(null);
  }, [run.id]);
  const dropped = useMemo(() => droppedConversations(payloads), [payloads]);
  const fileStem = stemOf(run.title);

  const create = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await createDataset(run.id, name.trim() || run.title);
      setOutcome({ ok: true, words: t('created', { n: formatNumber(lang, result.dialogues) }) });
    } catch (error) {
      setOutcome({ ok: false, words: t('createFailed', { message: errorMessage(error) }) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <article className="generation-run" data-testid="generation-run" data-run-id={run.id}>
      <h2>{t('runHeading', { title: run.title })}</h2>
      <p data-testid="generation-run-summary">
        {t('runSummary', { done: formatNumber(lang, counts.done), total: formatNumber(lang, counts.total), kept: formatNumber(lang, counts.kept), dropped: formatNumber(lang, counts.dropped), failed: formatNumber(lang, counts.failed) })}
      </p>
      {working && <p className="muted">{t('runWorking')}</p>}
      <section className="generation-section" aria-labelledby="generation-dataset-title">
        <h3 id="generation-dataset-title">{t('datasetTitle')}</h3>
        {run.datasetId ? (
          <div className="button-row">
            <span data-testid="generation-dataset-made">{t('datasetMade')}</span>
            <button type="button" className="primary" data-testid="generation-open-dataset" onClick={() => openDataset(run.datasetId!)}>
              {t('openReview')}
            </button>
          </div>
        ) : counts.kept === 0 ? (
          <p className="muted" data-testid="generation-dataset-nothing">{t('createNothing')}</p>
        ) : (
          <>
            <p className="muted small">{t('createHint', { kept: formatNumber(lang, counts.kept) })}</p>
            <div className="button-row">
              <label className="stacked-field">
                <span>{t('datasetName')}</span>
                <input type="text" maxLength={200} data-testid="generation-dataset-name" value={name} onChange={(event) => setName(event.target.value)} />
              </label>
              <button type="button" className="primary" data-testid="generation-create-dataset" disabled={busy} onClick={() => void create()}>
                {busy ? t('creating') : t('createDataset')}
              </button>
            </div>
          </>
        )}
        {outcome && (
          <p className={outcome.ok ? 'muted' : 'error-inline'} role={outcome.ok ? 'status' : 'alert'} data-testid="generation-dataset-outcome">
            {outcome.words}
          </p>
        )}
      </section>
      <section className="generation-section" aria-labelledby="generation-dropped-title">
        <h3 id="generation-dropped-title">{t('droppedTitle')}</h3>
        {dropped.length === 0 ? (
          <p className="muted" data-testid="generation-dropped-none">{t('droppedNone')}</p>
        ) : (
          <div className="generation-table-scroll">
            <table className="generation-table" data-testid="generation-dropped">
              <thead>
                <tr>
                  <th scope="col">{t('colConversation')}</th>
                  <th scope="col">{t('colTeacher')}</th>
                  <th scope="col">{t('colStatus')}</th>
                  <th scope="col">{t('colReasons')}</th>
                </tr>
              </thead>
              <tbody>
                {dropped.map((entry) => (
                  <tr key={`${entry.conversationId}|${entry.teacherModel}`} data-status={entry.status}>
                    <td>{entry.conversationId}</td>
                    <td>{entry.teacherModel}</td>
                    <td>{entry.status === 'failed' ? t('statusFailed') : t('statusDropped')}</td>
                    <td className="generation-reasons">{entry.reasons.join('; ')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <LearningCurveSection payloads={payloads} fileStem={fileStem} text={text} />
      <PreferenceSection run={run} payloads={payloads} fileStem={fileStem} text={text} />
    </article>
  );
}
