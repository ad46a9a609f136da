/**
 * `{{name}}` variables of scenario prompts. Names may be any task column
 * (`[A-Za-z_][A-Za-z0-9_]*`), so this is not the pre-annotation template scanner. A value is never
 * scanned again: an utterance holding "{{topic}}" stays as written.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

export function promptVariables(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1]))];
}

export function fillPrompt(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_whole, name: string) => {
    if (!Object.hasOwn(values, name)) throw new Error(`The prompt uses {{${name}}}, which has no value.`);
    return values[name];
  });
}
