/**
 * Where JSON text stops being valid, as a character offset (-1 when it is valid). V8 names a
 * position for some syntax errors but not for "Unexpected token …", and a teacher needs the
 * line; this small validating scanner is only run after JSON.parse has failed. It keeps its
 * open lists and objects on an explicit stack, never the call stack, so a line nested
 * thousands deep is scanned like any other.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  /** per open container: true for an object (keyed members), false for a list */
  const open: boolean[] = [];

  const skipSpace = (): void => {
    while (i < text.length) {
      const ch = text.charCodeAt(i);
      if (ch !== 32 && ch !== 9 && ch !== 10 && ch !== 13) break;
      i++;
    }
  };
  const expectWord = (word: string): boolean => {
    for (let k = 0; k < word.length; k++, i++) if (text[i] !== word[k]) return false;
    return true;
  };
  const string = (): boolean => {
    i++; // opening quote
    while (i < text.length) {
      const ch = text.charCodeAt(i);
      if (ch === 34) {
        i++;
        return true;
      }
      if (ch < 32) return false;
      if (ch === 92) {
        const next = text[i + 1];
        i++; // an error in an escape is reported at the character after the backslash
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) return false;
          i += 5;
          continue;
        }
        if (next === undefined || !'"\\/bfnrt'.includes(next)) return false;
        i++;
        continue;
      }
      i++;
    }
    return false;
  };
  const number = (): boolean => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match) return false;
    i += match[0].length;
    return true;
  };
  /** In an object: a key and its colon. */
  const key = (): boolean => {
    skipSpace();
    if (text[i] !== '"' || !string()) return false;
    skipSpace();
    if (text[i] !== ':') return false;
    i++;
    return true;
  };
  /** A scalar, or containers opened down to their first scalar or empty container (each pushed on `open`). */
  const valueStart = (): boolean => {
    for (;;) {
      skipSpace();
      const ch = text[i];
      if (ch === '{' || ch === '[') {
        const keyed = ch === '{';
        i++;
        skipSpace();
        if (text[i] === (keyed ? '}' : ']')) {
          i++;
          return true;
        }
        open.push(keyed);
        if (keyed && !key()) return false;
        continue;
      }
      if (ch === '"') return string();
      if (ch === 't') return expectWord('true');
      if (ch === 'f') return expectWord('false');
      if (ch === 'n') return expectWord('null');
      if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return number();
      return false;
    }
  };

  // After each complete value: close containers that end here, or start the next member.
  let valid = valueStart();
  while (valid && open.length > 0) {
    skipSpace();
    const keyed = open[open.length - 1];
    if (text[i] === ',') {
      i++;
      valid = keyed ? key() && valueStart() : valueStart();
    } else if (text[i] === (keyed ? '}' : ']')) {
      i++;
      open.pop();
    } else valid = false;
  }
  if (!valid) return Math.min(i, text.length);
  skipSpace();
  return i < text.length ? i : -1;
}
