import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { JudgeScoreRow } from '../../../../shared/model/judge';
import { getDb } from '../../db/db';
import { judgeScoresOfDialogue } from '../../db/repositories/judge';
import { useCommands, type CommandHandlers } from '../../keyboard';
import { RUBRIC_SCORES } from '../../keyboard/keymap';
import { useExpertScoresStore, type RubricNotice } from '../../stores/judge/expert-store';
import { useJudgeStore } from '../../stores/judge/store';
import { useAppStore } from '../../stores/app/store';
import { useSettingsStore } from '../../stores/settings/store';
import { FewShotAction } from '../rubrics/FewShotAction';
import { rubricText } from '../rubrics/strings';
import type { HANDLED_COMMANDS } from './handled-commands';
import { useJudgeText, type JudgeTextApi } from './strings';
import './judge.css';

type Handled = (typeof HANDLED_COMMANDS)[number];

/** What the last scoring key did, in words: an overwrite names the score it replaced. */
function noticeText(notice: RubricNotice, t: JudgeTextApi['t']): string {
  switch (notice.kind) {
    case 'scored':
      return notice.before === null ? t('panelScoredNew', { rubric: notice.rubric, after: notice.after }) : t('panelScoredChanged', { rubric: notice.rubric, before: notice.before, after: notice.after });
    case 'unchanged':
      return t('panelUnchanged', { rubric: notice.rubric, score: notice.score });
    case 'cleared':
      return t('panelCleared', { rubric: notice.rubric, before: notice.before });
    case 'nothing-to-clear':
      return t('panelNothingToClear', { rubric: notice.rubric });
    case 'undone':
      return notice.restored === null ? t('panelUndoneToNone', { rubric: notice.rubric }) : t('panelUndoneTo', { rubric: notice.rubric, score: notice.restored });
    case 'redone':
      return notice.restored === null ? t('panelRedoneToNone', { rubric: notice.rubric }) : t('panelRedoneTo', { rubric: notice.rubric, score: notice.restored });
    case 'nothing-to-undo':
      return t('panelNothingToUndo');
    case 'nothing-to-redo':
      return t('panelNothingToRedo');
    case 'edge':
      return notice.edge === 'last' ? t('panelAtLast') : t('panelAtFirst');
    case 'out-of-range':
      return t('panelOutOfRange', { rubric: notice.rubric, value: notice.value, min: notice.min, max: notice.max });
  }
}

/**
 * The expert's rubric scores of the dialogue open in review: a line of chips (rubric and score)
 * and, while scoring (r), the focused rubric's definition and anchors, the judge's score and
 * rationale when a judge run of this data set is open, and an optional rationale box. Every score
 * is saved at once under the expert's name (Settings) with the time.
 */
export function RubricScoresPanel({ datasetId, dialogueId, guard = (action) => action() }: { datasetId: string; dialogueId: string; /** runs the action once the expert's name is known (review's name prompt) */ guard?: (action: () => void) => void }) {
  const text = useJudgeText();
  const { t, lang } = text;
  const rater = useSettingsStore((s) => s.reviewerName.trim());
  const state = useExpertScoresStore(useShallow((s) => ({ set: s.set, setHash: s.setHash, rows: s.rows, focus: s.focus, notice: s.notice, active: s.active, status: s.status, error: s.error, dialogueId: s.dialogueId })));
  const store = useExpertScoresStore.getState();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const judgeRun = useJudgeStore((s) => (s.report && s.report.run.datasetId === datasetId ? s.report.run : null));
  const [judgeRows, setJudgeRows] = useState<JudgeScoreRow[]>([]);

  useEffect(() => {
    void useExpertScoresStore.getState().open({ datasetId, dialogueId, rater });
  }, [datasetId, dialogueId, rater]);

  useEffect(() => {
    let live = true;
    if (!judgeRun) return setJudgeRows([]);
    void judgeScoresOfDialogue(getDb(), judgeRun.id, dialogueId).then((rows) => {
      if (live) setJudgeRows(rows.sort((a, b) => a.judge.localeCompare(b.judge) || a.sample - b.sample));
    });
    return () => {
      live = false;
    };
  }, [judgeRun, dialogueId]);

  // rubric scoring stays on from dialogue to dialogue (n, p): the digits typed after `n` score the next dialogue, never pick its labels

  const rubric = state.set.rubrics[state.focus];
  const row = rubric ? state.rows[rubric.id] : undefined;

  useEffect(() => {
    setDraft(row?.rationale ?? '');
  }, [row?.id, row?.rationale]);

  /** A key that changes a score waits (with the keys after it) until the dialogue's scores are read: before, it would not know the score it replaces. */
  const onceRead = (run: () => void) => () => (useExpertScoresStore.getState().status === 'loading' ? { deferUntil: store.ready() } : run());
  const handlers: CommandHandlers & Partial<Record<Handled, CommandHandlers[Handled]>> = {
    'rubric.next': () => store.move(1),
    'rubric.prev': () => store.move(-1),
    'rubric.clear': onceRead(() => void store.clear()),
    'rubric.undo': onceRead(() => void store.undoLast()),
    'rubric.redo': onceRead(() => void store.redoLast()),
    'rubric.leave': () => store.setActive(false),
    'rubric.rationale': onceRead(() => {
      // the focused rubric now, not as last rendered: a j typed just before has moved it
      const now = useExpertScoresStore.getState();
      const focused = now.set.rubrics[now.focus];
      if (focused && now.rows[focused.id]) textareaRef.current?.focus();
    }),
  };
  for (const entry of RUBRIC_SCORES) handlers[entry.command] = onceRead(() => void store.score(entry.score));
  const editingRef = useRef(editing);
  editingRef.current = editing;
  // both always bound, deciding at each key from the store: `r` then a digit typed at once scores, never picks a label
  useCommands('review', { 'rubric.toggle': () => guard(() => store.setActive(true)) }, { when: () => !useExpertScoresStore.getState().active });
  useCommands('rubric', handlers, { capture: true, when: () => useExpertScoresStore.getState().active && !editingRef.current });

  const saveDraft = () => {
    if (row && draft !== row.rationale) void store.setRationale(draft);
  };
  useEffect(() => {
    if (!editing || !row || draft === row.rationale) return undefined;
    const timer = setTimeout(() => void store.setRationale(draft), 800);
    return () => clearTimeout(timer);
  }, [draft, editing]);

  const judgeLines = rubric
    ? judgeRows
        .filter((candidate) => candidate.status === 'valid')
        .map((candidate) => ({ key: candidate.id, judge: candidate.judge, sample: candidate.sample, entry: candidate.scores.find((score) => score.rubric === rubric.id) }))
        .filter((line) => line.entry)
    : [];
  const lastSaved = Object.values(state.rows).sort((a, b) => b.at.localeCompare(a.at))[0];
  const fullyScored = state.status !== 'loading' && state.set.rubrics.every((candidate) => state.rows[candidate.id] !== undefined);

  return (
    <section
      className="rubric-panel"
      data-testid="rubric-panel"
      data-active={state.active}
      data-focus={rubric?.id ?? ''}
      data-notice={state.notice?.kind ?? ''}
      data-set={`${state.set.id}@${state.setHash}`}
      data-status={state.status}
      data-dialogue-id={state.dialogueId ?? ''}
      aria-label={t('panelTitle')}
    >
      <div className="rubric-panel-head">
        <h2>{t('panelTitle')}</h2>
        <span className="rubric-hint" data-testid="rubric-panel-set">
          {rubricText(lang, 'panelSet', { name: state.set.name[lang], version: state.set.version })}{' '}
          <button type="button" className="link" data-testid="rubric-change-set" onClick={() => useAppStore.getState().openRubricSets('review')}>
            {rubricText(lang, 'panelChange')}
          </button>
        </span>
        <div className="rubric-chips">
          {state.set.rubrics.map((candidate, index) => {
            const scored = state.rows[candidate.id];
            return (
              <button
                key={candidate.id}
                type="button"
                className="rubric-chip"
                data-testid="rubric-chip"
                data-rubric={candidate.id}
                data-score={scored?.score ?? ''}
                aria-current={state.active && index === state.focus ? 'true' : undefined}
                title={candidate.name[lang]}
                onClick={() =>
                  guard(() => {
                    store.focusRubric(index);
                    store.setActive(true);
                  })
                }
              >
                {candidate.id}
                <span className="rubric-chip-score">{scored ? scored.score : '–'}</span>
              </button>
            );
          })}
        </div>
        <span className="rubric-hint" data-testid="rubric-hint">{state.active ? t('panelHintOpen') : t('panelHintClosed')}</span>
        <button type="button" className="quiet" data-testid="rubric-toggle" onClick={() => (state.active ? store.setActive(false) : guard(() => store.setActive(true)))}>
          {state.active ? t('panelClose') : t('panelOpen')}
        </button>
        {rater && <FewShotAction key={dialogueId} datasetId={datasetId} dialogueId={dialogueId} rater={rater} set={state.set} hash={state.setHash} fullyScored={fullyScored} />}
        {state.status === 'saving' && <span className="rubric-hint">{t('panelSaving')}</span>}
        {state.status !== 'saving' && lastSaved && (
          <span className="rubric-hint" data-testid="rubric-saved">
            {t('panelSaved', { who: lastSaved.rater, when: new Date(lastSaved.at).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB') })}
          </span>
        )}
      </div>
      {state.active && rubric && (
        <p className="rubric-position" data-testid="rubric-position" data-index={state.focus + 1} data-total={state.set.rubrics.length}>
          <strong>{t('panelPosition', { n: state.focus + 1, total: state.set.rubrics.length, id: rubric.id, name: rubric.name[lang] })}</strong>
          {state.notice && (
            <span className="rubric-notice" data-testid="rubric-notice" data-kind={state.notice.kind} role="status">
              {' · '}
              {noticeText(state.notice, t)}
            </span>
          )}
        </p>
      )}
      {!rater && <p className="rubric-error">{t('panelNoName')}</p>}
      {state.error && (
        <p className="rubric-error" role="alert">
          {state.error}
        </p>
      )}
      {state.active && rubric && (
        <div className="rubric-detail" data-testid="rubric-detail">
          <div>
            <p>
              <strong>
                {rubric.id} {rubric.name[lang]}
              </strong>{' '}
              — {rubric.definition[lang]}
            </p>
            <ol className="rubric-anchors">
              {[...rubric.anchors].reverse().map((anchor) => (
                <li key={anchor.score} data-chosen={row?.score === anchor.score}>
                  {anchor.score} · {anchor.description[lang]}
                </li>
              ))}
            </ol>
          </div>
          <div>
            <label>
              {t('panelRationale')}
              <textarea
                ref={textareaRef}
                data-testid="rubric-rationale"
                value={draft}
                disabled={!row}
                placeholder={row ? '' : t('panelRationaleNeedsScore')}
                onChange={(event) => setDraft(event.target.value)}
                onFocus={() => setEditing(true)}
                onBlur={() => {
                  setEditing(false);
                  saveDraft();
                }}
                onKeyDown={(event) => {
                  // keys typed here stay here: review's shortcuts (Esc leaves review, Ctrl+Z undoes a field) do not see them
                  if (event.key === 'Escape') {
                    event.preventDefault();
                    event.currentTarget.blur();
                  }
                  event.stopPropagation();
                }}
              />
            </label>
            {judgeLines.map((line) => (
              <p key={line.key} className="rubric-judge" data-testid="rubric-judge-score">
                {t('panelJudge', { judge: line.judge, score: line.entry!.score })}
                {typeof line.entry!.expected === 'number' ? ` (E = ${line.entry!.expected.toFixed(2)})` : ''}
                {line.sample > 0 ? ` #${line.sample + 1}` : ''} — {line.entry!.rationale}
              </p>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
