import type { ExpertScore } from './calibration';
import type { ResultLineProblem } from './result-line';
import type { RubricSet } from './types';

const REQUIRED = ['dialogue', 'rubric', 'rater', 'score'] as const;

/** One CSV record's fields (RFC 4180 quoting within the line: `"a, b"`, `""` for a quote); null when a quote is left open. */
function splitCsvLine(text: string): string[] | null {
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    if (text.charCodeAt(at) === 34) {
      let value = '';
      let from = at + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote === -1) return null;
        value += text.slice(from, quote);
        if (text.charCodeAt(quote + 1) === 34) {
          value += '"';
          from = quote + 2;
          continue;
        }
        at = quote + 1;
        break;
      }
      const comma = text.indexOf(',', at);
      // text between the closing quote and the comma is kept, as most readers do
      value += text.slice(at, comma === -1 ? text.length : comma);
      fields.push(value);
      if (comma === -1) return fields;
      at = comma + 1;
    } else {
      const comma = text.indexOf(',', at);
      fields.push(text.slice(at, comma === -1 ? text.length : comma));
      if (comma === -1) return fields;
      at = comma + 1;
    }
  }
}

/**
 * The experts file of `judge-report --experts`: CSV with a header naming `dialogue`, `rubric`,
 * `rater` and `score` in any order, and optionally `group` (the teacher model, needed where one
 * dialogue id occurs under several). Every problem is listed with its line: a rubric not in the
 * set, a score that is not a whole number in the rubric's range, a missing field, the same rater
 * twice for one dialogue and rubric. Blank lines are skipped.
 */
export function parseExpertsCsv(text: string, set: RubricSet): { scores: ExpertScore[]; problems: ResultLineProblem[] } {
  const lines = text.replace(/^\ufeff/, '').split(/\r?\n/);
  const problems: ResultLineProblem[] = [];
  const scores: ExpertScore[] = [];
  const headerAt = lines.findIndex((line) => line.trim() !== '');
  if (headerAt === -1) return { scores, problems: [{ line: 1, message: `the experts file is empty; it needs a header ${REQUIRED.join(',')}` }] };
  const header = splitCsvLine(lines[headerAt])?.map((name) => name.trim().toLowerCase()) ?? [];
  const column = Object.fromEntries([...REQUIRED, 'group'].map((name) => [name, header.indexOf(name)]));
  const missing = REQUIRED.filter((name) => column[name] === -1);
  if (missing.length > 0) return { scores, problems: [{ line: headerAt + 1, message: `the header lacks ${missing.join(', ')} (it needs ${REQUIRED.join(',')}, optionally group)` }] };
  const rubrics = new Map(set.rubrics.map((rubric) => [rubric.id, rubric]));
  const seen = new Map<string, number>();
  for (let index = headerAt + 1; index < lines.length; index++) {
    if (lines[index].trim() === '') continue;
    const line = index + 1;
    const fields = splitCsvLine(lines[index]);
    if (fields === null) {
      problems.push({ line, message: 'a quoted field is not closed on this line' });
      continue;
    }
    const field = (name: string) => (column[name] >= 0 ? (fields[column[name]] ?? '').trim() : '');
    const [dialogue, rubricId, rater, scoreText, group] = [field('dialogue'), field('rubric'), field('rater'), field('score'), field('group')];
    const empty = REQUIRED.filter((name) => field(name) === '');
    if (empty.length > 0) {
      problems.push({ line, message: `no ${empty.join(', ')}` });
      continue;
    }
    const rubric = rubrics.get(rubricId);
    if (!rubric) {
      problems.push({ line, message: `the rubric "${rubricId}" is not in the set ${set.id} (${set.rubrics.map((candidate) => candidate.id).join(', ')})` });
      continue;
    }
    const score = Number(scoreText);
    if (!/^-?\d+$/.test(scoreText) || score < rubric.range.min || score > rubric.range.max) {
      problems.push({ line, message: `the score "${scoreText}" of ${rubric.id} is not a whole number in ${rubric.range.min}–${rubric.range.max}` });
      continue;
    }
    const key = JSON.stringify([group, dialogue, rubric.id, rater]);
    const first = seen.get(key);
    if (first !== undefined) {
      problems.push({ line, message: `${rater} already scored ${rubric.id} of ${dialogue} on line ${first}` });
      continue;
    }
    seen.set(key, line);
    scores.push({ dialogue, rubric: rubric.id, rater, score, ...(group !== '' ? { group } : {}) });
  }
  return { scores, problems };
}
