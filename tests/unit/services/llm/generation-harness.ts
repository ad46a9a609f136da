/**
 * Generation jobs in main for a test: the real services (connection store, secrets in memory,
 * registry, generation runner, endpoint callers, cache, journal) behind the jobs.* handlers,
 * against the scripted server playing every role (scenario-scripts.ts) through the real openai
 * client. `reopen` starts the services again on the same data folder, as after a crash or quit.
 */
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type { InvokeHandlers } from '../../../../shared/ipc/contract';
import type { JobEvent, JobItemEvent } from '../../../../shared/jobs';
import type { ConnectionSettings } from '../../../../shared/llm';
import { buildGenerationDefinition, generationJobResult, type GenerationDefinitionRequest, type GenerationJobDefinition, type GenerationJobPayload } from '../../../../shared/scenario';
import { createHandlers } from '../../../../electron/main/ipc/handlers';
import { llmHandlerDeps, type LlmServices } from '../../../../electron/services/llm/llm-services';
import { createFakeDialogs } from '../../../support/fake-dialogs';
import type { ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { scenarioRoleOf, startLlmServer, type LoggedRequest, type LlmTestServer } from '../../../support/llm-server';
import { testLlmServices } from '../../../support/llm-services';
import { RESOURCES_DIR } from '../../../support/repo-paths';
import { makeTempDir, type TempDir } from '../../../support/temp-dir';

export const KEY = 'sk-gen-5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b';
export const MODELS = { teacher: 'teacher-model', student: 'student-model', guide: 'guide-model', judge: 'judge-model' } as const;

export async function templateSource(name: string): Promise<string> {
  return readFile(join(RESOURCES_DIR, 'scenarios', name), 'utf8');
}

/** A definition of the template with only the conversations named (a full template has tens). */
export async function templateDefinition(name: string, conversationIds: readonly string[], extra: Partial<GenerationDefinitionRequest> = {}): Promise<GenerationJobDefinition> {
  const built = buildGenerationDefinition({
    scenarioSource: await templateSource(name),
    scenarioFile: name,
    teacherConnectionIds: ['teacher'],
    roleConnections: { student: 'student', guide: 'guide' },
    title: `generation ${name}`,
    ...extra,
  });
  if (!built.ok) throw new Error(built.problems.join('\n'));
  const definition = built.definition;
  const conversations = definition.parameters.conversations.filter((conversation) => conversationIds.includes(conversation.id));
  return { ...definition, itemIds: conversations.map((conversation) => conversation.id), parameters: { ...definition.parameters, conversations } };
}

/** A logged chat request's body (the log keeps it untyped). */
export function bodyOf(entry: LoggedRequest): ChatCompletionCreateParamsNonStreaming {
  return entry.body as ChatCompletionCreateParamsNonStreaming;
}

export const roleOf = (entry: LoggedRequest) => scenarioRoleOf(bodyOf(entry));

export async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

export function useGenerationServices() {
  const state = {} as { dir: TempDir; server: LlmTestServer; services: LlmServices; handlers: InvokeHandlers; events: JobEvent[] };
  const open = () => {
    state.services = testLlmServices(join(state.dir.path, 'data'), (event) => state.events.push(event));
    state.handlers = createHandlers({ host: 'browser', version: 'test', platform: 'linux', resourcesDir: RESOURCES_DIR, dialogs: createFakeDialogs(), ...llmHandlerDeps(state.services) });
  };
  beforeEach(async () => {
    state.dir = await makeTempDir();
    state.server = await startLlmServer({ apiKey: KEY, models: Object.values(MODELS) });
    state.events = [];
    open();
  });
  afterEach(async () => {
    await state.services.shutdown();
    await state.server.close();
    await state.dir.remove();
  });

  const connection = (id: string, model: string, max = 1): ConnectionSettings => ({ id, name: id, baseURL: state.server.baseURL, model, extraHeaders: {}, sampling: {}, concurrency: { start: 1, min: 1, max }, price: { inputPerMillion: 1, outputPerMillion: 2 } });

  async function until(what: string, condition: () => boolean, timeoutMs = 20_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  const items = () => state.events.filter((event): event is JobItemEvent<GenerationJobPayload> => event.type === 'item');

  return {
    state,
    until,
    items,
    /** the results by conversation id */
    results: () => new Map(items().map((event) => [event.item.itemId, { outcome: event.outcome, result: generationJobResult(event.outcome) }])),
    finished: (count = 1) => until(`${count} job(s) finish`, () => state.events.filter((event) => event.type === 'finished').length >= count),
    /** saves the four role connections with the key (again after reopen: the secrets are in memory) */
    async saveConnections(max = 1) {
      for (const [id, model] of Object.entries(MODELS)) await state.handlers['llm.connections.save']({ connection: connection(id, model, max), key: { set: KEY } });
    },
    async reopen() {
      await state.services.shutdown();
      open();
      await state.services.ready;
    },
  };
}
