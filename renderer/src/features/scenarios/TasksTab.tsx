/** The editor's Tasks tab: the inline task rows and each cross list's entries as editable tables. */
import { useState } from 'react';
import { expandTaskRows } from '../../../../shared/scenario';
import { useScenarioEditorStore } from '../../stores/scenarios/editor-store';
import { asText, FieldProblems, pathText, useForm, valueAt } from './fields';
import type { ScenarioTextApi } from './strings';

type Row = Record<string, unknown>;

const rowsOf = (value: unknown): Row[] => (Array.isArray(value) ? value.filter((row): row is Row => typeof row === 'object' && row !== null) : []);
const columnsOf = (rows: readonly Row[]) => [...new Set(rows.flatMap((row) => Object.keys(row)))];

/** Wide enough for the cell's text (CJK characters take about twice a Latin one), within bounds. */
function cellWidth(value: string): string {
  let ems = 0;
  for (const char of value) ems += /[\u2E80-\uFFEF]/.test(char) ? 1 : 0.55;
  return `${Math.min(28, Math.max(5, ems + 1))}em`;
}

/** A number stays a number while what is typed is one (topic_id: 1), as YAML would read it. */
function cellValue(before: unknown, typed: string): string | number {
  return typeof before === 'number' && typed.trim() !== '' && Number.isFinite(Number(typed)) ? Number(typed) : typed;
}

function ExpandedCount({ text }: { text: ScenarioTextApi }) {
  const scenario = useScenarioEditorStore((state) => state.scenario);
  if (!scenario || scenario.tasks.csv !== undefined) return null;
  return <p className="scn-hint">{text.t('tasksExpanded', { n: expandTaskRows(scenario).length })}</p>;
}

export function TasksTab({ text }: { text: ScenarioTextApi }) {
  const { t } = text;
  const form = useForm();
  const readOnly = useScenarioEditorStore((state) => state.readOnly || state.formStale);
  const result = useScenarioEditorStore((state) => state.result);
  const [newColumn, setNewColumn] = useState('');
  const edit = useScenarioEditorStore.getState().edit;
  const rows = rowsOf(valueAt(form, ['tasks', 'rows']));
  const columns = columnsOf(rows);
  const csv = valueAt(form, ['tasks', 'csv']);
  const cross = valueAt(form, ['tasks', 'cross']);
  const crossLists = cross && typeof cross === 'object' ? Object.entries(cross as Record<string, unknown>) : [];
  const rowProblems = result && !result.ok ? result.problems.filter((problem) => problem.path.startsWith('tasks')) : [];
  const addColumn = () => {
    const name = newColumn.trim();
    if (!name || columns.includes(name)) return;
    edit(rows.map((_, index) => ({ kind: 'set' as const, path: ['tasks', 'rows', index, name], value: '' })));
    setNewColumn('');
  };

  return (
    <div className="scn-tab" data-testid="scenario-tab-tasks">
      {csv !== undefined && <p>{t('tasksCsv', { file: asText(csv), columns: asText(valueAt(form, ['tasks', 'columns'])) })}</p>}
      <ExpandedCount text={text} />
      {csv === undefined && (
        <section aria-labelledby="scn-task-rows">
          <h3 id="scn-task-rows">{t('tasksRows', { n: rows.length })}</h3>
          <div className="scn-table-wrap">
            <table className="scn-table" data-testid="scenario-task-table">
              <thead>
                <tr>
                  <th scope="col">#</th>
                  {columns.map((column) => (
                    <th key={column} scope="col">
                      {column}
                    </th>
                  ))}
                  <th scope="col">
                    <span className="visually-hidden">{t('colActions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={index} data-testid="scenario-task-row">
                    <td>{index + 1}</td>
                    {columns.map((column) => {
                      const path = ['tasks', 'rows', index, column];
                      return (
                        <td key={column}>
                          <input
                            aria-label={`${column} · ${index + 1}`}
                            data-path={pathText(path)}
                            value={asText(row[column])}
                            style={{ width: cellWidth(asText(row[column])) }}
                            readOnly={readOnly}
                            onChange={(event) => edit({ kind: 'set', path, value: cellValue(row[column], event.target.value) })}
                          />
                        </td>
                      );
                    })}
                    <td>
                      <button type="button" className="quiet" disabled={readOnly} aria-label={t('removeRow', { n: index + 1 })} title={t('removeRow', { n: index + 1 })} onClick={() => edit({ kind: 'remove', path: ['tasks', 'rows', index] })}>
                        ✕
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="scn-row">
            <button type="button" data-testid="scenario-add-row" disabled={readOnly} onClick={() => edit({ kind: 'append', path: ['tasks', 'rows'], value: Object.fromEntries(columns.map((column) => [column, ''])) })}>
              {t('addRow')}
            </button>
            <input aria-label={t('newColumn')} placeholder={t('newColumn')} value={newColumn} readOnly={readOnly} onChange={(event) => setNewColumn(event.target.value)} onKeyDown={(event) => event.key === 'Enter' && addColumn()} />
            <button type="button" disabled={readOnly || newColumn.trim() === '' || rows.length === 0} onClick={addColumn}>
              {t('addColumn')}
            </button>
          </div>
          <FieldProblems problems={rowProblems} />
        </section>
      )}
      {crossLists.map(([name, entries]) => {
        const list = rowsOf(entries);
        const keys = columnsOf(list);
        const base = ['tasks', 'cross', name];
        return (
          <section key={name} aria-label={name} data-testid="scenario-cross-list" data-name={name}>
            <h3>{t('crossTitle', { name, n: list.length })}</h3>
            <div className="scn-table-wrap">
              <table className="scn-table">
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    {keys.map((key) => (
                      <th key={key} scope="col">
                        {key}
                      </th>
                    ))}
                    <th scope="col">
                      <span className="visually-hidden">{t('colActions')}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((entry, index) => (
                    <tr key={index} data-testid="scenario-cross-entry">
                      <td>{index + 1}</td>
                      {keys.map((key) => {
                        const path = [...base, index, key];
                        return (
                          <td key={key}>
                            <input
                              aria-label={`${name} · ${key} · ${index + 1}`}
                              data-path={pathText(path)}
                              value={asText(entry[key])}
                              style={{ width: cellWidth(asText(entry[key])) }}
                              readOnly={readOnly}
                              onChange={(event) => edit({ kind: 'set', path, value: cellValue(entry[key], event.target.value) })}
                            />
                          </td>
                        );
                      })}
                      <td>
                        <button type="button" className="quiet" disabled={readOnly || list.length <= 1} aria-label={t('removeCrossEntry', { name, n: index + 1 })} title={t('removeCrossEntry', { name, n: index + 1 })} onClick={() => edit({ kind: 'remove', path: [...base, index] })}>
                          ✕
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <div className="scn-row">
              <button type="button" data-testid="scenario-add-cross-entry" disabled={readOnly} onClick={() => edit({ kind: 'append', path: base, value: Object.fromEntries(keys.map((key) => [key, ''])) })}>
                {t('addCrossEntry', { name })}
              </button>
            </div>
          </section>
        );
      })}
    </div>
  );
}
