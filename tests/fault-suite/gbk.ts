/**
 * GBK bytes of Chinese text, for the encoding kinds. Node's TextEncoder writes only UTF-8; the
 * table is the inverse of TextDecoder('gb18030') over the two-byte range, built once.
 */
let table: Map<string, [number, number]> | null = null;

function gbkTable(): Map<string, [number, number]> {
  if (table) return table;
  table = new Map();
  const decoder = new TextDecoder('gb18030');
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x40; trail <= 0xfe; trail++) {
      if (trail === 0x7f) continue;
      const char = decoder.decode(Uint8Array.of(lead, trail));
      if (char.length === 1 && char !== '\uFFFD' && !table.has(char)) table.set(char, [lead, trail]);
    }
  }
  return table;
}

/** `text` in GBK; throws on a character GBK has no two-byte code for (use ASCII or common Chinese). */
export function gbkBytes(text: string): Uint8Array {
  const codes = gbkTable();
  const bytes: number[] = [];
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 0x80) bytes.push(code);
    else {
      const pair = codes.get(char);
      if (!pair) throw new Error(`no GBK code for ${char}`);
      bytes.push(...pair);
    }
  }
  return Uint8Array.from(bytes);
}
