/** The LLM connections: list, save (the only way a key crosses IPC, towards main), delete, test. */
import type { InvokeHandlers } from '../../../shared/ipc/contract';
import type { KeyStorage } from '../../../shared/llm';
import { maxAnswerBytes } from '../../../shared/llm/answer-size';
import type { ConnectionStore } from '../../services/llm/connection-store';
import { LlmClient } from '../../services/llm/llm-client';
import type { ResponseCache } from '../../services/llm/response-cache';
import { parseEmptyArgs } from './validate';
import { parseConnectionRef, parseSaveConnectionArgs } from './validate-llm';

export type LlmChannel = 'llm.connections.list' | 'llm.connections.save' | 'llm.connections.delete' | 'llm.connections.test' | 'llm.cache.stats' | 'llm.cache.clear';

export interface LlmHandlerDeps {
  connections: ConnectionStore;
  cache: Pick<ResponseCache, 'stats' | 'clear'>;
  keyStorage: KeyStorage;
  /** for "Test connection" (ms) */
  testTimeoutMs?: number;
}

export function createLlmHandlers(deps: LlmHandlerDeps): Pick<InvokeHandlers, LlmChannel> {
  return {
    'llm.connections.list': async (arg) => {
      parseEmptyArgs('llm.connections.list', arg);
      return { connections: await deps.connections.list(), keyStorage: deps.keyStorage };
    },
    'llm.connections.save': async (arg) => {
      const { connection, key } = parseSaveConnectionArgs(arg);
      return deps.connections.save(connection, key);
    },
    'llm.connections.delete': async (arg) => deps.connections.delete(parseConnectionRef('llm.connections.delete', arg).id),
    'llm.cache.stats': async (arg) => {
      parseEmptyArgs('llm.cache.stats', arg);
      return deps.cache.stats();
    },
    'llm.cache.clear': async (arg) => {
      parseEmptyArgs('llm.cache.clear', arg);
      await deps.cache.clear();
      return deps.cache.stats();
    },
    'llm.connections.test': async (arg) => {
      const { id } = parseConnectionRef('llm.connections.test', arg);
      const connection = await deps.connections.get(id);
      if (!connection) return { ok: false, message: 'This connection is not saved; save it first.' };
      const client = new LlmClient({ baseURL: connection.baseURL, apiKey: await deps.connections.key(id), organization: connection.organization ?? null, headers: connection.extraHeaders, timeoutMs: deps.testTimeoutMs ?? 15_000, maxAnswerBytes: maxAnswerBytes(connection.maxAnswerMB) });
      const listed = await client.listModels();
      if (!listed.ok) return { ok: false, message: listed.message };
      return { ok: true, models: listed.models, modelListed: listed.models.includes(connection.model) };
    },
  };
}
