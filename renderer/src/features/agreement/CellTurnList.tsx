import type { TurnInfo } from '../../stores/agreement/load-layers';
import { CELL_TURNS_SHOWN } from '../../stores/agreement/store';
import type { AgreementTextApi } from './strings';

const SNIPPET_LENGTH = 80;

function snippet(utterance: string): string {
  const characters = Array.from(utterance.replace(/\s+/g, ' ').trim());
  return characters.length > SNIPPET_LENGTH ? `${characters.slice(0, SNIPPET_LENGTH).join('')}…` : characters.join('');
}

interface CellTurnListProps {
  title: string;
  turnIds: readonly string[];
  turnInfo: ReadonlyMap<string, TurnInfo>;
  text: AgreementTextApi;
  onOpen: (turnId: string, info: TurnInfo) => void;
}

/** The turns behind one confusion cell; utterances are shown as text, never as HTML. */
export function CellTurnList({ title, turnIds, turnInfo, text, onOpen }: CellTurnListProps) {
  const { t } = text;
  // Enough to find the turn; the whole set is a filter away in the table.
  const shown = turnIds.slice(0, CELL_TURNS_SHOWN);
  return (
    <section className="cell-turns" data-testid="cell-turns" aria-live="polite">
      <h3>{title}</h3>
      <ul>
        {shown.map((turnId) => {
          const info = turnInfo.get(turnId);
          if (!info) return null;
          return (
            <li key={turnId}>
              <button
                type="button"
                className="cell-turn"
                data-testid="cell-turn"
                data-dialogue-id={info.dialogueId}
                data-turn-index={info.index}
                title={t('openInReview')}
                onClick={() => onOpen(turnId, info)}
              >
                <span className="cell-turn-id">{info.name}</span>
                <span className="muted"> · {t('turnNumber', { n: info.index + 1 })} · </span>
                <span className="cell-turn-text">{snippet(info.utterance)}</span>
              </button>
            </li>
          );
        })}
      </ul>
      {turnIds.length > shown.length && <p className="muted">… +{turnIds.length - shown.length}</p>}
    </section>
  );
}
