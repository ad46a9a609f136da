import { useEffect, useState } from 'react';
import type { ConnectionTestResult } from '../../../../shared/ipc/contract';
import type { LlmConnection } from '../../../../shared/llm/connection';
import { CONNECTION_PRESETS, connectionFromPreset, presetById } from '../../../../shared/llm/presets';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage } from '../../db/errors';
import { newId } from '../../db/ids';
import { useConnectionsStore } from '../../stores/connections/store';
import { ConnectionForm } from './ConnectionForm';
import { useConnectionText } from './strings';
import '../jobs/jobs.css';

type Editing = { connection: LlmConnection; modelExample?: string } | null;
type TestState = { status: 'testing' } | { status: 'done'; result: ConnectionTestResult };

function TestOutcome({ state, model }: { state: TestState; model: string }) {
  const { t } = useConnectionText();
  if (state.status === 'testing') return <p className="muted">{t('testing')}</p>;
  const { result } = state;
  if (!result.ok) {
    return (
      <p className="error-inline" data-testid="connection-test-result" data-ok="false">
        {t('testFailed', { message: result.message })}
      </p>
    );
  }
  return (
    <p className="success-inline" data-testid="connection-test-result" data-ok="true">
      {t('testOk', { n: result.models.length, models: result.models.join(', ') })}
      {!result.modelListed && ` ${t('testModelMissing', { model })}`}
    </p>
  );
}

/** Settings → model connections: list, add from a preset, edit, test, delete. */
export function ConnectionsSection() {
  const { t } = useConnectionText();
  const { connections, keyStorage, loaded, load, remove, test } = useConnectionsStore();
  const [presetId, setPresetId] = useState(CONNECTION_PRESETS[0].id);
  const [editing, setEditing] = useState<Editing>(null);
  const [tests, setTests] = useState<Record<string, TestState>>({});
  const [deleting, setDeleting] = useState<LlmConnection | null>(null);

  useEffect(() => {
    void load();
  }, [load]);

  const runTest = async (connection: LlmConnection) => {
    setTests((current) => ({ ...current, [connection.id]: { status: 'testing' } }));
    const result: ConnectionTestResult = await test(connection.id).catch((error: unknown) => ({ ok: false as const, message: errorMessage(error) }));
    setTests((current) => ({ ...current, [connection.id]: { status: 'done', result } }));
  };

  const keysAllowed = keyStorage !== 'unavailable';
  return (
    <section className="settings-section" data-testid="settings-connections" aria-labelledby="connections-title">
      <h2 id="connections-title">{t('title')}</h2>
      <p className="muted">{t('intro')}</p>
      {keyStorage && (
        <p className={keyStorage === 'basic_text' || keyStorage === 'unavailable' ? 'field-hint' : 'muted'} data-testid="connections-key-storage" data-key-storage={keyStorage}>
          {t(`storage_${keyStorage}`)}
        </p>
      )}
      {loaded && connections.length === 0 && <p data-testid="connections-empty">{t('none')}</p>}
      <ul className="connection-list">
        {connections.map((connection) => (
          <li key={connection.id} className="connection-item" data-testid="connection-item" data-connection-id={connection.id}>
            <strong>{connection.name}</strong>
            <span className="muted">
              {connection.model}
              {connection.family && <span data-testid="connection-item-family"> ({connection.family})</span>} · {connection.baseURL} · <span data-testid="connection-item-key">{connection.keySet ? t('keySet') : t('noKey')}</span>
            </span>
            <div className="button-row">
              <button type="button" data-testid="connection-test" onClick={() => void runTest(connection)}>
                {t('test')}
              </button>
              <button type="button" data-testid="connection-edit" onClick={() => setEditing({ connection })}>
                {t('edit')}
              </button>
              <button type="button" className="danger" data-testid="connection-delete" onClick={() => setDeleting(connection)}>
                {t('delete')}
              </button>
            </div>
            {tests[connection.id] && <TestOutcome state={tests[connection.id]} model={connection.model} />}
            {editing?.connection.id === connection.id && <ConnectionForm initial={editing.connection} keysAllowed={keysAllowed} onDone={() => setEditing(null)} />}
          </li>
        ))}
      </ul>
      {editing && !connections.some((connection) => connection.id === editing.connection.id) ? (
        <ConnectionForm initial={editing.connection} modelExample={editing.modelExample} keysAllowed={keysAllowed} onDone={() => setEditing(null)} />
      ) : (
        <div className="button-row connection-add-row">
          <label className="stacked-field">
            <span>{t('preset')}</span>
            <select data-testid="connection-preset" value={presetId} onChange={(event) => setPresetId(event.target.value)}>
              {CONNECTION_PRESETS.map((preset) => (
                <option key={preset.id} value={preset.id}>
                  {preset.name}
                </option>
              ))}
            </select>
          </label>
          <button
            type="button"
            data-testid="connection-add"
            onClick={() => {
              const preset = presetById(presetId) ?? CONNECTION_PRESETS[0];
              setEditing({ connection: connectionFromPreset(preset, { id: newId(), model: '' }), modelExample: preset.modelExample });
            }}
          >
            {t('add')}
          </button>
        </div>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('deleteTitle', { name: deleting?.name ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        destructive
        onConfirm={() => {
          if (deleting) void remove(deleting.id);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      >
        <p>{t('deleteBody')}</p>
      </ConfirmDialog>
    </section>
  );
}
