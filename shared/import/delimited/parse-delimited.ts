import { fieldById } from '../../codebook/lookup';
import { normalizeValue } from '../../codebook/normalize-value';
import type { Codebook } from '../../codebook/types';
import type { FieldValues, ParsedDialogue, ParsedTurn } from '../../model/dataset';
import type { IssueSink } from '../issues';
import { snippet } from '../issues';
import { warnAboutLabels } from '../label-warnings';
import type { ParserContext, ParserOutput } from '../parser-types';
import { resolveSpeaker } from '../speaker';
import { hasEndMarker } from '../text-normalize';
import { guessColumnMapping } from './guess-mapping';
import type { DelimitedRow } from './read-rows';
import { readDelimitedRows } from './read-rows';
import type { ResolvedColumns } from './resolve-columns';
import { resolveColumns } from './resolve-columns';
import { dialogueHeaderFields } from './dialogue-columns';
import { warnAboutHeader } from './header-checks';

interface RowTurn {
  order: number;
  /** line of the row the turn came from */
  line: number;
  turn: ParsedTurn;
}

function readValues(codebook: Codebook, cells: string[], fields: ResolvedColumns['fields']): FieldValues {
  const pre: FieldValues = {};
  for (const { fieldId, column } of fields) {
    const field = fieldById(codebook, fieldId);
    if (field) pre[fieldId] = normalizeValue(field, cells[column] ?? '');
  }
  return pre;
}

function makeTurn(ctx: ParserContext, row: DelimitedRow, role: string, utterance: string, pre: FieldValues, index: number): ParsedTurn {
  let speaker = resolveSpeaker(ctx.codebook, role);
  if (speaker === null) {
    ctx.issues.warn(row.line, 'unknown-speaker', `Speaker "${snippet(role, 20)}" is neither teacher nor student; the turn was imported as speaker "other". If it is one of them, add it as an alias in the codebook.`);
    speaker = 'other';
  }
  const mapped = Object.keys(pre).length > 0;
  const turn: ParsedTurn = { index, speaker, speakerRaw: role, utterance, endMarker: hasEndMarker(utterance), pre, alignment: mapped ? 'mapped' : 'none', fragments: mapped ? 1 : 0 };
  warnAboutLabels(ctx.codebook, turn, `This row (${snippet(role, 12)})`, row.line, ctx.issues);
  return turn;
}

function hasAnnotation(turn: ParsedTurn): boolean {
  return Object.values(turn.pre).some((value) => value.status !== 'empty');
}

function checkCellCount(row: DelimitedRow, width: number, issues: IssueSink): boolean {
  if (row.cells.length === width) return true;
  issues.error(row.line, 'bad-row', `This row has ${row.cells.length} cells but the header has ${width}; check for a missing or extra delimiter or an unclosed quote.`);
  return false;
}

/**
 * Delimited text (CSV/TSV/semicolon) with a column mapping: in the long layout rows are
 * grouped into dialogues by id in order of first appearance and sorted by the turn-order
 * column when there is one; in the wide layout every row is one dialogue. Row values are the
 * pre-annotation (alignment 'mapped'). Without a mapping one is guessed from the header.
 */
export function parseDelimited(name: string, text: string, ctx: ParserContext): ParserOutput {
  const table = readDelimitedRows(name, text);
  for (const problem of table.problems) ctx.issues.error(problem.line, 'bad-row', `The file cannot be read here: ${problem.message}.`);
  if (table.header.length === 0) {
    ctx.issues.warn(1, 'empty-file', 'The file has no header row and no data.');
    return [];
  }
  warnAboutHeader(table, ctx.issues);
  const mapping = ctx.mapping ?? guessColumnMapping(table.header, ctx.codebook);
  const columns = resolveColumns(table.header, mapping, ctx.codebook, ctx.issues, table.headerLine);
  if (!columns) return [];

  const groups = new Map<string, { rows: DelimitedRow[]; turns: RowTurn[] }>();
  for (const row of table.rows) {
    if (!checkCellCount(row, table.header.length, ctx.issues)) continue;
    if (columns.dialogueId.some((index) => row.cells[index].trim() === '')) {
      ctx.issues.error(row.line, 'bad-row', `This row has no dialogue id in "${table.header[columns.dialogueId[0]]}".`);
      continue;
    }
    const turns = readRowTurns(ctx, row, columns, table.header);
    if (!turns) continue;
    const key = columns.dialogueId.map((index) => row.cells[index].trim()).join('-');
    // in the wide layout every row is a dialogue of its own, even when ids repeat
    const groupKey = columns.rowTurns ? `${row.line}\u0000${key}` : key;
    let group = groups.get(groupKey);
    if (!group) groups.set(groupKey, (group = { rows: [], turns: [] }));
    group.rows.push(row);
    group.turns.push(...turns);
  }

  const output: ParserOutput = [];
  for (const [groupKey, group] of groups) {
    const externalId = groupKey.slice(groupKey.indexOf('\u0000') + 1);
    if (columns.turnOrder !== null && !columns.rowTurns) warnDuplicateOrders(group.turns, externalId, table.header[columns.turnOrder], ctx.issues);
    const turns = [...group.turns].sort((a, b) => a.order - b.order).map((entry, index) => ({ ...entry.turn, index }));
    output.push({ dialogue: buildDialogue(ctx, table.header, columns, group.rows, externalId, turns), annotations: turns.filter(hasAnnotation).length });
  }
  return output;
}

/**
 * Two rows of one dialogue with the same turn order leave their order to the file: the sort
 * is stable, so they stay in file order, but a reviewer should know the file is ambiguous.
 */
function warnDuplicateOrders(turns: readonly RowTurn[], externalId: string, orderColumn: string, issues: IssueSink): void {
  const firstLine = new Map<number, number>();
  for (const { order, line } of turns) {
    const seen = firstLine.get(order);
    if (seen === undefined) firstLine.set(order, line);
    else issues.warn(line, 'duplicate-turn-order', `Dialogue "${snippet(externalId, 40)}" has turn order ${order} in "${orderColumn}" on line ${seen} and on line ${line}; the two rows were kept in file order.`);
  }
}

function readRowTurns(ctx: ParserContext, row: DelimitedRow, columns: ResolvedColumns, header: readonly string[]): RowTurn[] | null {
  if (columns.rowTurns) {
    return columns.rowTurns.map((spec, i) => ({
      order: i,
      line: row.line,
      turn: makeTurn(ctx, row, spec.role, row.cells[spec.utterance], readValues(ctx.codebook, row.cells, spec.fields), i),
    }));
  }
  const order = readOrder(row, columns.turnOrder, header, ctx.issues);
  if (order === null) return null;
  if (row.cells[columns.speaker].trim() === '') {
    ctx.issues.error(row.line, 'bad-row', `This row has no speaker in "${header[columns.speaker]}".`);
    return null;
  }
  const pre = readValues(ctx.codebook, row.cells, columns.fields);
  return [{ order, line: row.line, turn: makeTurn(ctx, row, row.cells[columns.speaker], row.cells[columns.utterance], pre, 0) }];
}

function readOrder(row: DelimitedRow, column: number | null, header: readonly string[], issues: IssueSink): number | null {
  if (column === null) return row.line;
  const value = Number(row.cells[column].trim());
  if (row.cells[column].trim() !== '' && Number.isFinite(value)) return value;
  issues.error(row.line, 'bad-row', `The turn order "${snippet(row.cells[column], 20)}" in "${header[column]}" is not a number.`);
  return null;
}

function buildDialogue(ctx: ParserContext, header: readonly string[], columns: ResolvedColumns, rows: DelimitedRow[], externalId: string, turns: ParsedTurn[]): ParsedDialogue {
  const first = rows[0];
  const teacherModel = columns.teacherModel !== null ? first.cells[columns.teacherModel].trim() : '';
  return {
    line: first.line,
    externalId,
    teacherModel: teacherModel || ctx.teacherModel,
    ...dialogueHeaderFields(header, columns.unmapped, rows),
    turns,
    unaligned: [],
  };
}
