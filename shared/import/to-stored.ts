import type { Dialogue, ParsedDialogue, Turn } from '../model/dataset';
import { countFlagged } from './summarize';

export interface StoreContext {
  datasetId: string;
  sourceId: string;
  /** the source file name (ParsedFile.file) */
  file: string;
}

/**
 * A parsed dialogue as the rows the store keeps: the dialogue gets its database id
 * `${sourceId}:${line}` and its counts, every turn the id `${dialogueId}#${index}`.
 */
export function toStoredDialogue(parsed: ParsedDialogue, ctx: StoreContext): { dialogue: Dialogue; turns: Turn[] } {
  const id = `${ctx.sourceId}:${parsed.line}`;
  const { turns: parsedTurns, line, ...rest } = parsed;
  const dialogue: Dialogue = {
    ...rest,
    id,
    datasetId: ctx.datasetId,
    sourceId: ctx.sourceId,
    turnCount: parsedTurns.length,
    flaggedCount: countFlagged(parsed),
    file: ctx.file,
    line,
  };
  const turns = parsedTurns.map((turn) => ({ ...turn, id: `${id}#${turn.index}`, dialogueId: id }));
  return { dialogue, turns };
}
