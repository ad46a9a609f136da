/**
 * A line diff (longest common subsequence after the common head and tail are set aside), for the
 * versions panel and for keeping a file's own formatting when the form edits it. Edits are local,
 * so the part left between head and tail is small; a very large middle is shown as replaced whole.
 */
export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string; oldLine: number | null; newLine: number | null };

const MAX_TABLE_CELLS = 4_000_000;

export function diffLines(before: readonly string[], after: readonly string[]): DiffLine[] {
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (tail < before.length - head && tail < after.length - head && before[before.length - 1 - tail] === after[after.length - 1 - tail]) tail++;
  const a = before.slice(head, before.length - tail);
  const b = after.slice(head, after.length - tail);
  const out: DiffLine[] = [];
  for (let i = 0; i < head; i++) out.push({ kind: 'same', text: before[i], oldLine: i + 1, newLine: i + 1 });
  const middle: { kind: DiffLine['kind']; ai: number; bi: number }[] = [];
  if (a.length * b.length > MAX_TABLE_CELLS) {
    a.forEach((_, ai) => middle.push({ kind: 'removed', ai, bi: -1 }));
    b.forEach((_, bi) => middle.push({ kind: 'added', ai: -1, bi }));
  } else {
    // lengths[i][j]: the LCS of a[i..] and b[j..]
    const width = b.length + 1;
    const lengths = new Uint32Array((a.length + 1) * width);
    for (let i = a.length - 1; i >= 0; i--) {
      for (let j = b.length - 1; j >= 0; j--) {
        lengths[i * width + j] = a[i] === b[j] ? lengths[(i + 1) * width + j + 1] + 1 : Math.max(lengths[(i + 1) * width + j], lengths[i * width + j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < a.length || j < b.length) {
      if (i < a.length && j < b.length && a[i] === b[j]) middle.push({ kind: 'same', ai: i++, bi: j++ });
      else if (j < b.length && (i === a.length || lengths[i * width + j + 1] > lengths[(i + 1) * width + j])) middle.push({ kind: 'added', ai: -1, bi: j++ });
      else middle.push({ kind: 'removed', ai: i++, bi: -1 });
    }
  }
  for (const step of middle) {
    out.push({
      kind: step.kind,
      text: step.kind === 'added' ? b[step.bi] : a[step.ai],
      oldLine: step.kind === 'added' ? null : head + step.ai + 1,
      newLine: step.kind === 'removed' ? null : head + step.bi + 1,
    });
  }
  for (let k = tail; k > 0; k--) out.push({ kind: 'same', text: before[before.length - k], oldLine: before.length - k + 1, newLine: after.length - k + 1 });
  return out;
}

/** Only the changed lines and `context` lines around them; null entries stand for skipped stretches (a removed line comes before the line that replaced it). */
export function diffHunks(lines: readonly DiffLine[], context = 3): (DiffLine | null)[] {
  const keep = lines.map(() => false);
  lines.forEach((line, index) => {
    if (line.kind === 'same') return;
    for (let k = Math.max(0, index - context); k <= Math.min(lines.length - 1, index + context); k++) keep[k] = true;
  });
  const out: (DiffLine | null)[] = [];
  lines.forEach((line, index) => {
    if (keep[index]) out.push(line);
    else if (out.at(-1) !== null) out.push(null);
  });
  return out;
}
