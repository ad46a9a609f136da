/**
 * Where JSON text stops being valid, as a character offset (-1 when it is valid). V8 names a
 * position for some syntax errors but not for "Unexpected token …", and a teacher needs the
 * line; this small validating scanner is only run after JSON.parse has failed.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const MAX_DEPTH = 5000;

  class Stop extends Error {}
  const fail: () => never = () => {
    throw new Stop();
  };
  const skipSpace = (): void => {
    while (i < text.length) {
      const ch = text.charCodeAt(i);
      if (ch !== 32 && ch !== 9 && ch !== 10 && ch !== 13) break;
      i++;
    }
  };
  const expectWord = (word: string): void => {
    for (let k = 0; k < word.length; k++, i++) if (text[i] !== word[k]) fail();
  };
  const string = (): void => {
    i++; // opening quote
    while (i < text.length) {
      const ch = text.charCodeAt(i);
      if (ch === 34) {
        i++;
        return;
      }
      if (ch < 32) fail();
      if (ch === 92) {
        const next = text[i + 1];
        i++; // an error in an escape is reported at the character after the backslash
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 5;
          continue;
        }
        if (next === undefined || !'"\\/bfnrt'.includes(next)) fail();
        i++;
        continue;
      }
      i++;
    }
    fail();
  };
  const number = (): void => {
    const match = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!match) fail();
    else i += match[0].length;
  };
  const value = (depth: number): void => {
    if (depth > MAX_DEPTH) fail();
    skipSpace();
    const ch = text[i];
    if (ch === '{') return members(depth, '}', true);
    if (ch === '[') return members(depth, ']', false);
    if (ch === '"') return string();
    if (ch === 't') return expectWord('true');
    if (ch === 'f') return expectWord('false');
    if (ch === 'n') return expectWord('null');
    if (ch === '-' || (ch !== undefined && ch >= '0' && ch <= '9')) return number();
    fail();
  };
  const members = (depth: number, close: string, keyed: boolean): void => {
    i++;
    skipSpace();
    if (text[i] === close) {
      i++;
      return;
    }
    for (;;) {
      if (keyed) {
        skipSpace();
        if (text[i] !== '"') fail();
        string();
        skipSpace();
        if (text[i] !== ':') fail();
        i++;
      }
      value(depth + 1);
      skipSpace();
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === close) {
        i++;
        return;
      }
      fail();
    }
  };

  try {
    value(0);
    skipSpace();
    return i < text.length ? i : -1;
  } catch (error) {
    if (error instanceof Stop) return Math.min(i, text.length);
    throw error;
  }
}
