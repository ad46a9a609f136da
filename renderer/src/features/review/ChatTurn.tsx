import { memo } from 'react';
import type { TurnModel } from './review-model';
import type { ReviewStringKey, ReviewTextApi } from './strings';

const END_MARKER = /(\[结束\]|\[End\])\s*$/i;

/** Splits a trailing [结束]/[End] off so it can be highlighted; the text stays React text. */
function UtteranceText({ utterance, endMarker }: { utterance: string; endMarker: boolean }) {
  const match = endMarker ? END_MARKER.exec(utterance) : null;
  if (!match) return <>{utterance}</>;
  return (
    <>
      {utterance.slice(0, match.index)}
      <mark className="rv-end-marker">{match[1]}</mark>
    </>
  );
}

interface ChatTurnProps {
  model: TurnModel;
  /** position in the dialogue's turn list (what the cursor counts) */
  position: number;
  current: boolean;
  /** the reason this turn is marked (a metric it counts toward), or null */
  highlight?: string | null;
  text: ReviewTextApi;
  onSelect?: (position: number) => void;
  /** open consistency findings on the turn: how many, their badge and their reasons (hover) */
  finding?: { open: number; label: string; reasons: string } | null;
  /** a blind assignment's turn: nothing aligned is what blind means, said once above the chat, not on every turn */
  blind?: boolean;
}

/** One turn as a chat bubble, with its number, bilingual speaker and review badges. */
export const ChatTurn = memo(function ChatTurn({ model, position, current, highlight = null, text, onSelect, finding = null, blind = false }: ChatTurnProps) {
  const { turn, speaker, counts } = model;
  const { t, hint } = text;
  const speakerKey = `speaker.${speaker}` satisfies ReviewStringKey;
  const alignmentKey = turn.alignment === 'exact' || (blind && turn.alignment === 'none') ? null : (`alignment.${turn.alignment}` satisfies ReviewStringKey);
  return (
    <li
      className={`rv-turn rv-turn-${speaker}${current ? ' rv-turn-current' : ''}${model.verified ? ' rv-turn-verified' : ''}${highlight ? ' rv-turn-highlighted' : ''}`}
      data-testid="chat-turn"
      data-turn-index={turn.index}
      data-current={current ? 'true' : 'false'}
      data-speaker={speaker}
      data-highlighted={highlight ? 'true' : undefined}
      aria-current={current ? 'step' : undefined}
      onClick={onSelect ? () => onSelect(position) : undefined}
    >
      <div className="rv-turn-meta">
        <span className="rv-turn-number">#{turn.index + 1}</span>
        <span className="rv-speaker" title={turn.speakerRaw}>
          {t(speakerKey)} <span className="rv-hint">{hint(speakerKey)}</span>
        </span>
        {model.speakerCorrected && <span className="rv-badge rv-badge-info">{t('speakerCorrected')}</span>}
        {model.verified && <span className="rv-badge rv-badge-ok" data-badge="verified">✓ {t('verifiedBadge')}</span>}
        {highlight && (
          <span className="rv-badge rv-badge-highlight" data-badge="highlight" title={highlight}>
            ★ {highlight}
          </span>
        )}
      </div>
      <div className="rv-bubble" lang="zh">
        <UtteranceText utterance={model.utterance} endMarker={turn.endMarker} />
      </div>
      <div className="rv-turn-badges">
        {turn.endMarker && (
          <span className="rv-badge rv-badge-end" data-badge="end-marker">
            {t('endMarker')}
          </span>
        )}
        {alignmentKey && (
          <span className={`rv-badge ${turn.alignment === 'none' ? 'rv-badge-warn' : 'rv-badge-info'}`} data-badge="alignment">
            {t(alignmentKey)}
          </span>
        )}
        {turn.fragments > 1 && (
          <span className="rv-badge rv-badge-info" data-badge="fragments">
            {t('mergedFragments', { n: turn.fragments })}
          </span>
        )}
        {finding && (
          <span className="rv-badge rv-badge-finding" data-badge="finding" data-count={finding.open} title={finding.reasons}>
            ◆ {finding.label}
          </span>
        )}
        {counts.flagged > 0 && (
          <span className="rv-badge rv-badge-warn" data-badge="flagged">
            ⚠ {t('flaggedValues', { n: counts.flagged })}
          </span>
        )}
        {model.utteranceCorrected && <span className="rv-badge rv-badge-info">{t('textCorrected')}</span>}
        {counts.applicable > 0 && (
          <span className="rv-badge rv-badge-quiet" data-badge="reviewed">
            {t('reviewedBadge', { reviewed: counts.reviewed, applicable: counts.applicable })}
          </span>
        )}
        {counts.changed > 0 && <span className="rv-badge rv-badge-changed">{t('changedBadge', { n: counts.changed })}</span>}
        {counts.unsure > 0 && <span className="rv-badge rv-badge-unsure">{t('unsureBadge', { n: counts.unsure })}</span>}
      </div>
    </li>
  );
});
