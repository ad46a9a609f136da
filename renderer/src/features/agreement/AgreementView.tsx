import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { ALL_GROUP, cellTurnIds, comparableFields, type LayerAgreementRow } from '../../../../shared/agreement/review-layers';
import { fieldName } from '../../codebook';
import { codebookForDataset } from '../../codebook';
import { ProgressBar } from '../../components/ProgressBar';
import { SaveOutcome } from '../../components/SaveOutcome';
import { useAppStore } from '../../stores/app/store';
import { useAgreementStore, type TableFileKind } from '../../stores/agreement/store';
import type { TurnInfo } from '../../stores/agreement/load-layers';
import { availablePanel, layerChoice, raterChoices, raterSourceKey, type RaterChoice } from '../../stores/agreement/rater-choice';
import { reviewStore } from '../../stores/review/store';
import { AgreementGuide } from './AgreementGuide';
import { AgreementTable } from './AgreementTable';
import { pickFileToAttach } from './attach-layer';
import { CellTurnList } from './CellTurnList';
import { ConfusionHeatmap } from './ConfusionHeatmap';
import { FieldSentences } from './FieldSentences';
import { KappaChart } from './KappaChart';
import { LayerPanelSection } from './LayerPanelSection';
import { raterName, raterNames } from './rater-names';
import { categoryName, panelWords, rowName, tableWords } from './row-names';
import { useAgreementText } from './strings';
import './agreement.css';

const hasMatrix = (row: LayerAgreementRow): row is LayerAgreementRow & { confusion: number[][]; cellTurns: Int32Array[][] } => row.confusion !== null && row.cellTurns !== null;

/** Agreement between two layers of the open data set, by default the LLM pre-annotation and the expert layer. */
export function AgreementView({ datasetId }: { datasetId: string }) {
  const text = useAgreementText();
  const { t, lang } = text;
  const goTo = useAppStore((state) => state.goTo);
  const openDialogue = useAppStore((state) => state.openDialogue);
  const state = useAgreementStore(
    useShallow((store) => ({
      status: store.status,
      storeDatasetId: store.datasetId,
      datasetName: store.datasetName,
      storeCodebook: store.codebook,
      progress: store.progress,
      usedWorker: store.usedWorker,
      report: store.report,
      cellTurnInfo: store.cellTurnInfo,
      error: store.error,
      group: store.group,
      selectedKey: store.selectedKey,
      selectedCell: store.selectedCell,
      save: store.save,
      raters: store.raters,
      reportRaters: store.reportRaters,
      layers: store.layers,
      panel: store.panel,
      panelChoice: store.panelChoice,
      hiddenFields: store.hiddenFields,
      setFieldShown: store.setFieldShown,
      expandedFields: store.expandedFields,
      setFieldExpanded: store.setFieldExpanded,
      ordinalWeights: store.ordinalWeights,
      setPanel: store.setPanel,
      setOrdinalWeights: store.setOrdinalWeights,
      savePanelTable: store.savePanelTable,
      load: store.load,
      setRaters: store.setRaters,
      setGroup: store.setGroup,
      selectRow: store.selectRow,
      selectCell: store.selectCell,
      saveTable: store.saveTable,
    })),
  );
  const { load } = state;

  useEffect(() => {
    void load(datasetId);
  }, [datasetId, load]);

  // the version the report was computed with; before the first report, the fallback codebook
  const codebook = useMemo(() => state.storeCodebook ?? codebookForDataset('').codebook, [state.storeCodebook]);
  const report = state.storeDatasetId === datasetId ? state.report : null;
  const reportGroup = report?.groups.find((candidate) => candidate.group === state.group) ?? report?.groups[0] ?? null;
  const isShown = (row: { fieldId: string }) => !state.hiddenFields.includes(row.fieldId);
  const group = reportGroup ? { ...reportGroup, rows: reportGroup.rows.filter(isShown) } : null;
  const matrixRows = group?.rows.filter(hasMatrix) ?? [];
  const selectedRow = matrixRows.find((row) => row.key === state.selectedKey) ?? null;
  const cell = selectedRow && state.selectedCell ? state.selectedCell : null;
  // The words follow the pair the shown numbers compare, not a choice still being computed.
  const shownPair = report ? state.reportRaters : state.raters;
  const names = raterNames(shownPair, state.layers, lang);
  const nothingReviewed = report !== null && shownPair.includes('expert') && (report.groups[0]?.reviewedTurns ?? 0) === 0;
  const choices = raterChoices(state.layers);
  const chooseRater = (side: 0 | 1, choice: RaterChoice) => {
    const pair: [RaterChoice, RaterChoice] = [state.raters[0], state.raters[1]];
    pair[side] = choice;
    void state.setRaters(pair);
  };
  const raterSelect = (side: 0 | 1) => (
    <label>
      {t(side === 0 ? 'raterA' : 'raterB')}{' '}
      <select
        data-testid={side === 0 ? 'agreement-rater-a' : 'agreement-rater-b'}
        value={state.raters[side]}
        onChange={(event) => {
          const choice = choices.find((candidate) => candidate === event.target.value);
          if (choice) chooseRater(side, choice);
        }}
      >
        {choices.map((choice) => (
          <option key={choice} value={choice} disabled={choice === state.raters[side === 0 ? 1 : 0]}>
            {raterName(choice, state.layers, lang)}
          </option>
        ))}
      </select>
    </label>
  );

  const openTurn = (info: TurnInfo) => {
    // The review session is started here so that it opens on this turn and field, not on turn 1.
    const review = reviewStore.getState();
    review.startSession(info.dialogueId);
    review.goToTurn(info.index, info.turnCount);
    if (selectedRow) review.focusField(selectedRow.fieldId);
    openDialogue(info.dialogueId);
  };

  const save = (kind: TableFileKind) => void state.saveTable(kind, tableWords(codebook, lang, names));
  const fullPanelGroup = state.panel?.groups.find((candidate) => candidate.group === group?.group) ?? null;
  const panelGroup = fullPanelGroup ? { ...fullPanelGroup, rows: fullPanelGroup.rows.filter(isShown) } : null;
  const panelSources = choices.map((choice) => {
    const layer = state.layers.find((candidate) => `layer:${candidate.id}` === choice);
    return { choice, key: raterSourceKey(choice), name: raterName(choice, state.layers, lang), kind: layer ? t(layer.kind === 'human' ? 'layerKindHuman' : layer.kind === 'adjudicated' ? 'layerKindAdjudicated' : 'layerKindLlm') : '' };
  });
  const sourceName = (key: string) => panelSources.find((source) => source.key === key)?.name ?? key;
  const savePanel = (kind: TableFileKind) => void state.savePanelTable(kind, panelWords(codebook, lang, sourceName));
  const saving = state.save?.status === 'working';
  // The picker counts what n can count: with the expert, only reviewed turns are items; between two other layers every turn is.
  const expertCompared = shownPair.includes('expert');
  const groupCount = (candidate: { reviewedTurns: number; turns: number }) =>
    expertCompared ? t(candidate.reviewedTurns === 1 ? 'reviewedTurn' : 'reviewedTurns', { n: candidate.reviewedTurns }) : t(candidate.turns === 1 ? 'groupTurn' : 'groupTurns', { n: candidate.turns });
  const viewState = report ? (nothingReviewed ? 'empty' : 'ready') : state.status;

  return (
    <section
      className="view agreement-view"
      data-testid="agreement-view"
      data-state={viewState}
      data-computed-in={report ? (state.usedWorker ? 'worker' : 'main-thread') : undefined}
      data-raters={report ? shownPair.join(' ') : undefined}
      aria-busy={state.status === 'loading'}
    >
      <header className="view-header">
        <h1 data-testid="agreement-title">{t('title', { a: names[0], b: names[1] })}</h1>
        <button type="button" data-testid="agreement-back" onClick={() => goTo('datasets')}>
          {'←'} {state.datasetName || t('openTable')}
        </button>
      </header>
      <p className="muted" data-testid="agreement-intro">
        {t('intro', { a: names[0], b: names[1] })}
        {shownPair.includes('expert') && (
          <span data-testid="agreement-intro-expert">
            {lang === 'zh' ? '' : ' '}
            {t('introExpert')}
          </span>
        )}
      </p>
      {state.storeDatasetId === datasetId && state.status !== 'missing' && (
        <div className="agreement-controls" data-testid="agreement-raters">
          {raterSelect(0)}
          {raterSelect(1)}
        </div>
      )}

      {state.status === 'loading' && (
        <div className="agreement-loading" data-testid="agreement-loading" aria-live="polite">
          <span>{state.progress ? t('computing', { done: state.progress.done, total: state.progress.total }) : t('loading')}</span>
          <ProgressBar value={state.progress ? state.progress.done / Math.max(1, state.progress.total) : 0} label={t('progressLabel')} />
        </div>
      )}
      {state.status === 'missing' && <p role="alert">{t('missingDataset')}</p>}
      {state.status === 'error' && (
        <div className="error-inline" role="alert" data-testid="agreement-error">
          {t('failed', { message: state.error ?? '' })}{' '}
          <button type="button" onClick={() => void load(datasetId)}>
            {t('retry')}
          </button>
        </div>
      )}

      {report && nothingReviewed && (
        <div className="empty-state" data-testid="agreement-empty">
          <h2>{t('emptyTitle')}</h2>
          <p>{t('emptyBody', { a: names[shownPair[0] === 'expert' ? 1 : 0] })}</p>
          <button type="button" className="primary" data-testid="agreement-empty-review" onClick={() => goTo('datasets')}>
            {t('openTable')}
          </button>
          {state.layers.length > 0 && (
            <>
              <p>{t('emptyLayers')}</p>
              <p className="button-row">
                {state.layers.map((layer) => (
                  <button key={layer.id} type="button" data-testid="agreement-compare-layer" data-layer={layer.id} onClick={() => void state.setRaters([layerChoice(layer.id), 'pre'])}>
                    {t('compareLayer', { layer: layer.name, pre: t('sourcePre') })}
                  </button>
                ))}
              </p>
            </>
          )}
          <p>{t('emptyAttach')}</p>
          <button type="button" data-testid="agreement-attach-layer" onClick={() => void pickFileToAttach(datasetId)}>
            {t('attachLayer')}
          </button>
        </div>
      )}

      {report && group && !nothingReviewed && (
        <>
          {!state.usedWorker && <p className="muted">{t('mainThread')}</p>}
          <div className="agreement-controls">
            <label>
              {t('group')}{' '}
              <select data-testid="agreement-group" value={group.group} onChange={(event) => state.setGroup(event.target.value)}>
                {report.groups.map((candidate) => (
                  <option key={candidate.group} value={candidate.group}>
                    {candidate.group === ALL_GROUP ? t('allGroups') : candidate.group} ({groupCount(candidate)})
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('fieldPicker')}{' '}
              <select data-testid="agreement-field-picker" value={selectedRow?.key ?? ''} onChange={(event) => state.selectRow(event.target.value)}>
                {!selectedRow && <option value="">—</option>}
                {matrixRows.map((row) => (
                  <option key={row.key} value={row.key}>
                    {rowName(codebook, row, lang)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              {t('ordinalWeights')}{' '}
              <select
                data-testid="agreement-ordinal-weights"
                value={state.ordinalWeights}
                disabled={state.status === 'loading'}
                onChange={(event) => void state.setOrdinalWeights(event.target.value === 'quadratic' ? 'quadratic' : 'linear')}
              >
                <option value="linear">{t('weights.linear')}</option>
                <option value="quadratic">{t('weights.quadratic')}</option>
              </select>
            </label>
            <span className="button-row">
              <button type="button" data-testid="agreement-save-csv" disabled={saving} onClick={() => save('csv')}>
                {t('saveCsv')}
              </button>
              <button type="button" data-testid="agreement-save-md" disabled={saving} onClick={() => save('md')}>
                {t('saveMarkdown')}
              </button>
            </span>
          </div>
          <SaveOutcome save={state.save} testId="agreement-save-result" words={{ saved: (path) => t('saved', { path }), canceled: t('canceled'), failed: t('saveFailed') }} />

          <details className="agreement-fields" data-testid="agreement-fields">
            <summary>{t('fieldsShown', { shown: comparableFields(codebook).length - state.hiddenFields.length, total: comparableFields(codebook).length })}</summary>
            <div className="agreement-controls">
              {comparableFields(codebook).map((field) => (
                <label key={field.id}>
                  <input type="checkbox" data-testid="agreement-field-shown" data-field={field.id} checked={!state.hiddenFields.includes(field.id)} onChange={(event) => state.setFieldShown(field.id, event.target.checked)} />{' '}
                  {fieldName(field, lang)}
                </label>
              ))}
            </div>
          </details>
          {group.rows.every((row) => row.items === 0) && (
            <p className="notice-inline" role="status" data-testid="agreement-group-empty">
              {group.group === ALL_GROUP ? t('groupEmptyAll', { a: names[0], b: names[1] }) : t('groupEmpty', { group: group.group, a: names[0], b: names[1] })}
            </p>
          )}
          <div className="agreement-table-wrap">
            <AgreementTable
              group={group}
              codebook={codebook}
              text={text}
              raters={names}
              selectedKey={selectedRow?.key ?? null}
              onSelect={state.selectRow}
              expandedFields={state.expandedFields}
              onExpand={state.setFieldExpanded}
            />
          </div>
          <p className="muted">{t('setNote')}</p>
          <AgreementGuide text={text} />
          <div className="agreement-reading">
            <FieldSentences group={group} codebook={codebook} text={text} raters={names} />
            <KappaChart group={group} codebook={codebook} text={text} />
          </div>

          <div className="agreement-detail">
            {selectedRow ? (
              <ConfusionHeatmap row={selectedRow} codebook={codebook} text={text} raters={names} selected={cell} onSelect={(cell) => void state.selectCell(cell)} />
            ) : (
              <p className="muted">{t('noMatrix')}</p>
            )}
            {selectedRow && cell && (
              <CellTurnList
                title={t('cellTurns', {
                  a: names[0],
                  aValue: categoryName(codebook, selectedRow, cell.row, lang),
                  b: names[1],
                  bValue: categoryName(codebook, selectedRow, cell.column, lang),
                  count: selectedRow.cellTurns[cell.row][cell.column].length,
                })}
                turnIds={cellTurnIds(report, selectedRow, cell.row, cell.column)}
                turnInfo={state.cellTurnInfo}
                text={text}
                onOpen={(_, info) => openTurn(info)}
              />
            )}
          </div>

          {panelGroup && state.panel && (
            <>
              <LayerPanelSection
                group={panelGroup}
                codebook={codebook}
                text={text}
                sources={panelSources}
                pooled={availablePanel(state.panelChoice, state.layers).map(raterSourceKey)}
                selectedKey={selectedRow?.key ?? state.selectedKey}
                onSelect={state.selectRow}
                onPool={(members) => void state.setPanel(members)}
                expandedFields={state.expandedFields}
                onExpand={state.setFieldExpanded}
                onReview={() => goTo('datasets')}
              />
              <p className="button-row">
                <button type="button" data-testid="agreement-save-all-csv" disabled={saving} onClick={() => savePanel('csv')}>
                  {t('saveAllCsv')}
                </button>
                <button type="button" data-testid="agreement-save-all-md" disabled={saving} onClick={() => savePanel('md')}>
                  {t('saveAllMarkdown')}
                </button>
              </p>
            </>
          )}
        </>
      )}
    </section>
  );
}
