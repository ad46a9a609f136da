/** The editor's Versions tab: the saved versions of this scenario and a line diff between two of them (or the current text). */
import { useState } from 'react';
import { useScenarioEditorStore } from '../../stores/scenarios/editor-store';
import { diffHunks, diffLines } from '../../stores/scenarios/line-diff';
import { shortHash } from './SidePanels';
import type { ScenarioTextApi } from './strings';

const CURRENT = '';

export function VersionsTab({ text, onOpenVersion }: { text: ScenarioTextApi; onOpenVersion(rowId: string): void }) {
  const { t, lang } = text;
  const versions = useScenarioEditorStore((state) => state.versions);
  const current = useScenarioEditorStore((state) => state.text);
  const scenarioId = useScenarioEditorStore((state) => state.scenario?.id ?? '');
  const [fromId, setFromId] = useState<string | null>(null);
  const [toId, setToId] = useState<string>(CURRENT);
  const from = versions.find((row) => row.id === fromId) ?? versions[0];
  const sourceOf = (id: string) => (id === CURRENT ? current : (versions.find((row) => row.id === id)?.source ?? ''));
  const lines = from ? diffLines(from.source.split('\n'), sourceOf(toId).split('\n')) : [];
  const hunks = diffHunks(lines);
  const added = lines.filter((line) => line.kind === 'added').length;
  const removed = lines.filter((line) => line.kind === 'removed').length;

  return (
    <div className="scn-tab" data-testid="scenario-tab-versions">
      <h3>{t('versionsTitle', { id: scenarioId })}</h3>
      {versions.length === 0 ? (
        <p className="scn-hint">{t('versionsNone')}</p>
      ) : (
        <>
          <table className="scn-table scn-table-readonly">
            <thead>
              <tr>
                <th scope="col">{t('colVersion')}</th>
                <th scope="col">{t('colHash')}</th>
                <th scope="col">{t('colCreated')}</th>
                <th scope="col">{t('colFile')}</th>
                <th scope="col">{t('colActions')}</th>
              </tr>
            </thead>
            <tbody>
              {versions.map((row) => (
                <tr key={row.id} data-testid="scenario-version" data-row-id={row.id}>
                  <td>{row.version}</td>
                  <td className="scn-hash" title={row.hash}>
                    {shortHash(row.hash)}
                  </td>
                  <td>{new Date(row.createdAt).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB')}</td>
                  <td>{row.origin}</td>
                  <td>
                    <button type="button" className="quiet" onClick={() => onOpenVersion(row.id)}>
                      {t('openVersion')}
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="scn-row">
            <label className="scn-field">
              {t('diffFrom')}
              <select data-testid="scenario-diff-from" value={from?.id ?? ''} onChange={(event) => setFromId(event.target.value)}>
                {versions.map((row) => (
                  <option key={row.id} value={row.id}>
                    v{row.version} · {shortHash(row.hash)}
                  </option>
                ))}
              </select>
            </label>
            <label className="scn-field">
              {t('diffTo')}
              <select data-testid="scenario-diff-to" value={toId} onChange={(event) => setToId(event.target.value)}>
                <option value={CURRENT}>{t('diffCurrent')}</option>
                {versions.map((row) => (
                  <option key={row.id} value={row.id}>
                    v{row.version} · {shortHash(row.hash)}
                  </option>
                ))}
              </select>
            </label>
            <span className="scn-hint" data-testid="scenario-diff-summary">
              {added + removed === 0 ? t('diffSame') : t('diffSummary', { added, removed })}
            </span>
          </div>
          {hunks.length > 0 && (
            <pre className="scn-diff" data-testid="scenario-diff">
              {hunks.map((line, index) =>
                line === null ? (
                  <span key={index} className="scn-diff-skip">
                    {'⋯\n'}
                  </span>
                ) : (
                  <span key={index} className={`scn-diff-${line.kind}`}>
                    {`${line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' '} ${String(line.newLine ?? line.oldLine).padStart(4)}  ${line.text}\n`}
                  </span>
                ),
              )}
            </pre>
          )}
        </>
      )}
    </div>
  );
}
