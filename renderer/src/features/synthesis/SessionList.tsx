import type { SynthesisSessionRow } from '../../../../shared/model/synthesis';
import { formatDateTime, formatNumber } from '../../i18n';
import type { SynthesisTextApi } from './strings';

const STATUS_WORD = { running: 'statusRunning', 'between-rounds': 'statusBetween', stopped: 'statusStopped' } as const;

interface SessionListProps {
  sessions: SynthesisSessionRow[];
  openSessionId: string | null;
  /** rounds stored and the best round per session, when known (the open session's) */
  roundsOf(session: SynthesisSessionRow): { rounds: number | null; best: number | null };
  onOpen(sessionId: string): void;
  text: SynthesisTextApi;
}

/** Every synthesis session, newest first, with where its loop stands. */
export function SessionList({ sessions, openSessionId, roundsOf, onOpen, text }: SessionListProps) {
  const { t, lang } = text;
  return (
    <div className="synthesis-sessions-scroll">
      <table className="synthesis-sessions-table" data-testid="synthesis-sessions">
        <thead>
          <tr>
            <th scope="col">{t('colTitle')}</th>
            <th scope="col">{t('colStatus')}</th>
            <th scope="col">{t('colSpec')}</th>
            <th scope="col">{t('colModels')}</th>
            <th scope="col">{t('colRounds')}</th>
            <th scope="col">{t('colBest')}</th>
            <th scope="col">{t('colDate')}</th>
            <th scope="col" />
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => {
            const { rounds, best } = roundsOf(session);
            return (
              <tr key={session.id} aria-selected={session.id === openSessionId} data-testid="synthesis-session-row" data-session-id={session.id} data-status={session.status} data-rounds={rounds ?? ''} data-best={best ?? ''}>
                <td>{session.title}</td>
                <td>{t(STATUS_WORD[session.status])}</td>
                <td>
                  {session.spec.id} v{session.spec.version}
                </td>
                <td className="synthesis-models">
                  {(['drafter', 'generator', 'judge'] as const).map((role) => (
                    <span key={role}>
                      {t(({ drafter: 'roleDrafter', generator: 'roleGenerator', judge: 'roleJudge' } as const)[role])}: {session.connectionLabels[role].model}
                    </span>
                  ))}
                </td>
                <td>{rounds === null ? t('none') : formatNumber(lang, rounds)}</td>
                <td>{best === null ? t('none') : t('bestRound', { round: best })}</td>
                <td>{formatDateTime(lang, session.createdAt)}</td>
                <td>
                  <button type="button" data-testid="synthesis-open-session" onClick={() => onOpen(session.id)}>
                    {t('open')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
