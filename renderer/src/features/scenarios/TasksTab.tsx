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

/** Rows of a YAML list of maps as an editable table: a text input per cell, a remove button per row. */
function EditableRows(props: {
  rows: readonly Row[];
  columns: readonly string[];
  basePath: readonly (string | number)[];
  /** the accessible name of a cell, from its column and 1-based row */
  cellLabel: (column: string, n: number) => string;
  removeLabel: (n: number) => string;
  rowTestId: string;
  tableTestId?: string;
  readOnly: boolean;
  /** whether the last remaining row may be removed */
  keepOne?: boolean;
  text: ScenarioTextApi;
}) {
  const { rows, columns, basePath, cellLabel, removeLabel, rowTestId, tableTestId, readOnly, keepOne = false, text } = props;
  const edit = useScenarioEditorStore.getState().edit;
  return (
    <table className="scn-table" data-testid={tableTestId}>
      <thead>
        <tr>
          <th scope="col">#</th>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
          <th scope="col">
            <span className="visually-hidden">{text.t('colActions')}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index} data-testid={rowTestId}>
            <td>{index + 1}</td>
            {columns.map((column) => {
              const path = [...basePath, index, column];
              return (
                <td key={column}>
                  <input
                    aria-label={cellLabel(column, index + 1)}
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
              <button type="button" className="quiet" disabled={readOnly || (keepOne && rows.length <= 1)} aria-label={removeLabel(index + 1)} title={removeLabel(index + 1)} onClick={() => edit({ kind: 'remove', path: [...basePath, index] })}>
                ✕
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
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
            <EditableRows rows={rows} columns={columns} basePath={['tasks', 'rows']} cellLabel={(column, n) => `${column} · ${n}`} removeLabel={(n) => t('removeRow', { n })} rowTestId="scenario-task-row" tableTestId="scenario-task-table" readOnly={readOnly} text={text} />
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
              <EditableRows rows={list} columns={keys} basePath={base} cellLabel={(key, n) => `${name} · ${key} · ${n}`} removeLabel={(n) => t('removeCrossEntry', { name, n })} rowTestId="scenario-cross-entry" readOnly={readOnly} keepOne text={text} />
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
