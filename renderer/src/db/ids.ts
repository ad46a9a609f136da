/**
 * Random ids for data sets and sources. `crypto.randomUUID` needs a secure context; the
 * fallback keeps ids unique where the renderer is served from an unusual origin.
 */
export function newId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function dialogueIdOf(sourceId: string, line: number): string {
  return `${sourceId}:${line}`;
}

export function turnIdOf(dialogueId: string, index: number): string {
  return `${dialogueId}#${index}`;
}
