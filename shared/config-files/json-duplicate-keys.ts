/**
 * JSON.parse keeps the last of two equal keys in an object without a word: a rubric set or a
 * codebook with `"weight"` given twice would be read with one of them silently dropped. This
 * finds the first repeated key, with its offset, in text JSON.parse has accepted (strings are
 * then well formed), in one scan with a stack of the keys of each open object.
 */

export interface DuplicateKey {
  key: string;
  /** the offset of the repeated key's opening quote */
  offset: number;
}

export function firstDuplicateKey(text: string): DuplicateKey | null {
  // one entry per open container: the keys seen so far for an object, null for a list
  const open: (Set<string> | null)[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 34) {
      const start = i;
      for (;;) {
        i = text.indexOf('"', i + 1);
        if (i === -1) return null;
        let backslashes = 0;
        while (text.charCodeAt(i - 1 - backslashes) === 92) backslashes++;
        if (backslashes % 2 === 0) break;
      }
      const keys = open[open.length - 1];
      if (expectKey && keys) {
        const key = JSON.parse(text.slice(start, i + 1)) as string;
        if (keys.has(key)) return { key, offset: start };
        keys.add(key);
      }
      expectKey = false;
    } else if (ch === 123) {
      open.push(new Set());
      expectKey = true;
    } else if (ch === 91) {
      open.push(null);
      expectKey = false;
    } else if (ch === 125 || ch === 93) {
      open.pop();
      expectKey = false;
    } else if (ch === 44) {
      expectKey = open[open.length - 1] instanceof Set;
    }
  }
  return null;
}
