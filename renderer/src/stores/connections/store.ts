/**
 * The model connections main keeps. Only what main lets the renderer see lives here (settings
 * and whether a key is set): an API key typed in the form goes straight into `save` and is
 * never part of this state.
 */
import { create } from 'zustand';
import type { ConnectionTestResult } from '../../../../shared/ipc/contract';
import type { ConnectionSettings, KeyChange, KeyStorage, LlmConnection } from '../../../../shared/llm/connection';
import { invoke as bridgeInvoke } from '../../api/client';
import type { Invoke } from '../jobs/store';
import { reportError } from '../notices/store';

export interface ConnectionsState {
  connections: LlmConnection[];
  keyStorage: KeyStorage | null;
  loaded: boolean;
  load(): Promise<void>;
  /** resolves to the saved connection; rejects with main's reason (which never quotes a key) */
  save(connection: ConnectionSettings, key: KeyChange): Promise<LlmConnection>;
  remove(id: string): Promise<void>;
  test(id: string): Promise<ConnectionTestResult>;
}

export function createConnectionsStore(invoke: Invoke = bridgeInvoke) {
  return create<ConnectionsState>()((set, get) => ({
    connections: [],
    keyStorage: null,
    loaded: false,
    async load() {
      try {
        const { connections, keyStorage } = await invoke('llm.connections.list', {});
        set({ connections, keyStorage, loaded: true });
      } catch (error) {
        set({ loaded: true });
        reportError(error, 'notice.context.connections');
      }
    },
    async save(connection, key) {
      const saved = await invoke('llm.connections.save', { connection, key });
      const others = get().connections.filter((existing) => existing.id !== saved.id);
      const at = get().connections.findIndex((existing) => existing.id === saved.id);
      set({ connections: at === -1 ? [...others, saved] : get().connections.map((existing) => (existing.id === saved.id ? saved : existing)) });
      return saved;
    },
    async remove(id) {
      try {
        await invoke('llm.connections.delete', { id });
        set({ connections: get().connections.filter((connection) => connection.id !== id) });
      } catch (error) {
        reportError(error, 'notice.context.connections');
      }
    },
    test(id) {
      return invoke('llm.connections.test', { id });
    },
  }));
}

export const useConnectionsStore = createConnectionsStore();
