/**
 * The line each JSON path of a file starts on (`$.rubrics[1].weight` → 23), so a problem the
 * rubric-set parser names by path is shown as file:line too. Only called on text JSON.parse
 * accepted; it stops quietly at anything it does not expect rather than guess.
 */
export function jsonPathLines(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  let at = 0;
  let line = 1;

  const skipSpace = () => {
    while (at < text.length) {
      const char = text[at];
      if (char === '\n') line += 1;
      else if (char !== ' ' && char !== '\t' && char !== '\r' && char !== '\uFEFF') return;
      at += 1;
    }
  };
  const readString = (): string => {
    const start = at;
    at += 1;
    while (at < text.length && text[at] !== '"') at += text[at] === '\\' ? 2 : 1;
    at += 1;
    return JSON.parse(text.slice(start, at)) as string;
  };
  const value = (path: string, depth: number): void => {
    if (depth > 200) throw new Error('too deep');
    skipSpace();
    if (!lines.has(path)) lines.set(path, line);
    const char = text[at];
    if (char === '{') {
      at += 1;
      skipSpace();
      if (text[at] === '}') return void (at += 1);
      for (;;) {
        skipSpace();
        const keyLine = line;
        const key = readString();
        const child = /^[A-Za-z_]\w*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
        lines.set(child, keyLine);
        skipSpace();
        at += 1; // ':'
        value(child, depth + 1);
        skipSpace();
        if (text[at++] === '}') return;
      }
    }
    if (char === '[') {
      at += 1;
      skipSpace();
      if (text[at] === ']') return void (at += 1);
      for (let index = 0; ; index += 1) {
        value(`${path}[${index}]`, depth + 1);
        skipSpace();
        if (text[at++] === ']') return;
      }
    }
    if (char === '"') return void readString();
    while (at < text.length && !/[\s,\]}]/.test(text[at])) at += 1;
  };

  try {
    value('$', 0);
  } catch {
    // the lines found so far still help
  }
  return lines;
}

/** The line of a path, or of its nearest ancestor the file has (a missing key is reported on its object). */
export function lineOfPath(lines: ReadonlyMap<string, number>, path: string): number | null {
  let current = path;
  for (;;) {
    const line = lines.get(current);
    if (line !== undefined) return line;
    const parent = current.replace(/(\.[A-Za-z_]\w*|\[[^\]]*\])$/, '');
    if (parent === current) return null;
    current = parent;
  }
}
