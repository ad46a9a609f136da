/**
 * The LLM services of main for a test: keys in memory, everything else under `dataDir` as the
 * app keeps it, with a test's short timeout and retry delays (the hosts build theirs with
 * electron/main/main-services.ts and the app's own). `emit` receives every job event.
 */
import type { JobEvent } from '../../shared/jobs';
import { createLlmServices, llmHandlerDeps, type LlmServices } from '../../electron/services/llm/llm-services';
import { MemorySecretStore } from '../../electron/services/secrets/secret-store';

export function testLlmServices(dataDir: string, emit: (event: JobEvent) => void = () => undefined, options: { timeoutMs?: number } = {}): LlmServices {
  return createLlmServices({ dataDir, secrets: new MemorySecretStore(), appVersion: 'test', emit, timeoutMs: options.timeoutMs ?? 10_000, retry: { maxAttempts: 3, baseDelayMs: 20, maxDelayMs: 200 } });
}

/** The handler deps of testLlmServices, for createHandlers in tests that do not use them. */
export function testLlmHandlerDeps(dataDir: string) {
  return llmHandlerDeps(testLlmServices(dataDir));
}
