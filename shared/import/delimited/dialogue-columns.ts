import type { ParsedDialogue } from '../../model/dataset';
import { setOwn } from '../own-keys';
import type { DelimitedRow } from './read-rows';

type HeaderFields = Pick<ParsedDialogue, 'topicId' | 'topicText' | 'studentId' | 'studentType' | 'scenario' | 'repeatId' | 'extra'>;

const ID_COLUMNS = new Map<string, 'topicId' | 'studentId' | 'repeatId'>([
  ['topic_id', 'topicId'],
  ['student_id', 'studentId'],
  ['repeat_id', 'repeatId'],
]);
const TEXT_COLUMNS = new Map<string, 'topicText' | 'studentType' | 'scenario'>([
  ['topic_text', 'topicText'],
  ['student_type', 'studentType'],
  ['scenario', 'scenario'],
]);

/**
 * Dialogue-level values from the columns the mapping does not use: SID's own key names
 * (topic_id, topic_text, …) fill the dialogue fields, other columns go to `extra`. Only values
 * that are the same on every row of the dialogue are kept, since they describe the dialogue.
 */
export function dialogueHeaderFields(header: readonly string[], unmapped: readonly number[], rows: readonly DelimitedRow[]): HeaderFields {
  const fields: HeaderFields = { topicId: null, topicText: '', studentId: null, studentType: '', scenario: '', repeatId: null, extra: {} };
  for (const column of unmapped) {
    const value = rows[0].cells[column];
    if (rows.some((row) => row.cells[column] !== value)) continue;
    const name = header[column];
    const idField = ID_COLUMNS.get(name);
    const textField = TEXT_COLUMNS.get(name);
    if (idField) fields[idField] = value.trim() === '' ? null : value;
    else if (textField) fields[textField] = value;
    else setOwn(fields.extra, name, value);
  }
  return fields;
}
