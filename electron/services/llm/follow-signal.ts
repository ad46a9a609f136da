/**
 * A signal that aborts with `source`, and lets go of it when disposed: a call gets signals of its
 * own, so the client and the limit listening per call do not pile listeners on an item's or a
 * job's shared signal.
 */
export function followSignal(source: AbortSignal): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  if (source.aborted) controller.abort();
  const abort = () => controller.abort();
  source.addEventListener('abort', abort, { once: true });
  return { signal: controller.signal, dispose: () => source.removeEventListener('abort', abort) };
}
