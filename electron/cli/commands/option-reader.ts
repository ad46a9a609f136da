/**
 * The command lines of `annotate` and `judge`: file and folder paths, `--name value` or
 * `--name=value` options each given at most once, and bare flags. Other commands predate it.
 */
export type OptionRead =
  | { kind: 'read'; paths: string[]; values: Map<string, string>; flags: Set<string> }
  | { kind: 'usage-error'; message: string };

export function readOptions(argv: readonly string[], valueOptions: readonly string[], flagOptions: readonly string[] = []): OptionRead {
  const values = new Map<string, string>();
  const flags = new Set<string>();
  const paths: string[] = [];
  for (let at = 0; at < argv.length; at++) {
    const arg = argv[at];
    if (!arg.startsWith('--')) {
      paths.push(arg);
      continue;
    }
    if (flagOptions.includes(arg)) {
      flags.add(arg);
      continue;
    }
    const [name, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (!valueOptions.includes(name)) return { kind: 'usage-error', message: `Unknown option ${name}.` };
    const value = inline ?? argv[++at];
    if (value === undefined || (inline === undefined && value.startsWith('--'))) return { kind: 'usage-error', message: `${name} needs a value.` };
    if (values.has(name)) return { kind: 'usage-error', message: `${name} is given twice; give it once.` };
    values.set(name, value);
  }
  return { kind: 'read', paths, values, flags };
}

/** A numeric option: its value, the fallback when absent, or the usage error in words. */
export function numberOption(values: ReadonlyMap<string, string>, name: string, fallback: number, valid: (value: number) => boolean, words: string): number | string {
  const given = values.get(name);
  if (given === undefined) return fallback;
  const value = Number(given);
  return given.trim() !== '' && valid(value) ? value : `${name} must be ${words}; got "${given}".`;
}
