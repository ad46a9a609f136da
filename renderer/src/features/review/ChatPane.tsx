import { useEffect, useRef } from 'react';
import { ChatTurn } from './ChatTurn';
import type { TurnModel } from './review-model';
import type { ReviewTextApi } from './strings';

interface ChatPaneProps {
  turns: TurnModel[];
  currentIndex: number;
  /** positions of marked turns and why they are marked */
  highlight?: { label: string; positions: ReadonlySet<number> } | null;
  text: ReviewTextApi;
  onSelect: (index: number) => void;
  /** open consistency findings by turn id (see ChatTurn's `finding`) */
  findingsByTurn?: ReadonlyMap<string, { open: number; label: string; reasons: string }>;
  /** the dialogue is from a blind assignment (ChatTurn's `blind`) */
  blind?: boolean;
}

export function ChatPane({ turns, currentIndex, highlight = null, text, onSelect, findingsByTurn, blind = false }: ChatPaneProps) {
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const current = listRef.current?.querySelector<HTMLElement>('[data-current="true"]');
    current?.scrollIntoView({ block: 'nearest' });
  }, [currentIndex]);

  return (
    <section className="rv-chat" aria-label={text.t('conversation')}>
      <ol className="rv-chat-list" ref={listRef}>
        {turns.map((turn, position) => (
          <ChatTurn key={turn.turn.id} model={turn} position={position} current={position === currentIndex} highlight={highlight?.positions.has(position) ? highlight.label : null} text={text} onSelect={onSelect} finding={findingsByTurn?.get(turn.turn.id) ?? null} blind={blind} />
        ))}
      </ol>
    </section>
  );
}
