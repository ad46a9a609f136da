import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { LayerKind } from '../../../../shared/model/layer';
import { chosenEntries, selectImportActions } from '../../stores/import/selectors';
import { useImportStore } from '../../stores/import/store';
import { useLayerText } from './layer-strings';

/** a long list would bury the report; the count says how many more there are */
const SHOWN_PROBLEMS = 200;

/** The layer option of the report step, shown when the target is an existing data set. */
export function LayerOption({ disabled }: { disabled: boolean }) {
  const text = useLayerText();
  const layer = useImportStore((state) => state.layer);
  const target = useImportStore((state) => state.target);
  const entries = useImportStore((state) => state.entries);
  const actions = useImportStore(useShallow(selectImportActions));
  const on = layer !== null;
  const datasetId = target.kind === 'existing' ? target.datasetId : null;
  // the preview depends on which files are chosen and under which teacher model
  const chosenKey = useMemo(
    () => chosenEntries(entries).map((entry) => `${entry.parsed?.contentHash ?? ''}\u0000${entry.teacherModel}`).join('\u0001'),
    [entries],
  );
  const { refreshLayerPreview } = actions;

  useEffect(() => {
    if (on) void refreshLayerPreview();
  }, [on, datasetId, chosenKey, refreshLayerPreview]);

  return (
    <div className="layer-option" data-testid="import-layer-option">
      <label className="checkbox">
        <input type="checkbox" data-testid="import-attach-layer" checked={on} disabled={disabled} onChange={(event) => void actions.setAttachAsLayer(event.target.checked)} />
        <span>{text('option')}</span>
      </label>
      {layer && (
        <>
          <p className="field-hint">{text('hint')}</p>
          <label>
            <span>{text('name')}</span>
            <input
              type="text"
              data-testid="import-layer-name"
              value={layer.name}
              disabled={disabled}
              onChange={(event) => actions.setLayerChoice({ ...layer, name: event.target.value })}
            />
          </label>
          <label>
            <span>{text('kind')}</span>
            <select
              data-testid="import-layer-kind"
              value={layer.kind}
              disabled={disabled}
              onChange={(event) => {
                const kind: LayerKind = event.target.value === 'llm' ? 'llm' : 'human';
                actions.setLayerChoice({ ...layer, kind });
              }}
            >
              <option value="human">{text('kindHuman')}</option>
              <option value="llm">{text('kindLlm')}</option>
            </select>
          </label>
          {layer.name.trim() === '' && <p className="field-hint">{text('nameRequired')}</p>}
          <LayerPreviewReport />
        </>
      )}
    </div>
  );
}

function LayerPreviewReport() {
  const text = useLayerText();
  const preview = useImportStore((state) => state.layerPreview);
  switch (preview.status) {
    case 'idle':
      return null;
    case 'matching':
      return <p data-testid="import-layer-status">{text('matching')}</p>;
    case 'needs-one-file':
      return (
        <p className="field-hint" data-testid="import-layer-status">
          {text('needsOneFile', { count: preview.chosen })}
        </p>
      );
    case 'failed':
      return (
        <p className="error-inline" role="alert" data-testid="import-layer-status">
          {text('failed', { message: preview.message })}
        </p>
      );
    case 'ready': {
      const { matched, alreadyAttachedAs } = preview;
      return (
        <div data-testid="import-layer-preview" data-turns={matched.values.length} data-problems={matched.problems.length}>
          <p data-testid="import-layer-status">
            {text('summary', {
              turns: matched.values.length,
              dialogues: matched.matchedDialogues,
              normalized: matched.normalizedTurnMatches,
              uncovered: matched.storedDialoguesNotInFile,
            })}
          </p>
          {matched.values.length === 0 && <p className="field-hint">{text('nothingMatches')}</p>}
          {alreadyAttachedAs !== null && (
            <p className="error-inline" role="alert">
              {text('alreadyAttached', { name: alreadyAttachedAs })}
            </p>
          )}
          {matched.problems.length > 0 && (
            <details open>
              <summary>{text('problems', { count: matched.problems.length })}</summary>
              <ul className="issue-list" data-testid="import-layer-problems">
                {matched.problems.slice(0, SHOWN_PROBLEMS).map((problem, index) => (
                  <li key={index}>
                    <code>
                      {problem.file}:{problem.line}
                    </code>{' '}
                    {problem.message}
                  </li>
                ))}
              </ul>
              {matched.problems.length > SHOWN_PROBLEMS && <p className="field-hint">{text('moreProblems', { count: matched.problems.length - SHOWN_PROBLEMS })}</p>}
            </details>
          )}
        </div>
      );
    }
  }
}
