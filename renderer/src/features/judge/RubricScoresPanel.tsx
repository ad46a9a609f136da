import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { JudgeScoreRow } from '../../../../shared/model/judge';
import { getDb } from '../../db/db';
import { judgeScoresOfDialogue } from '../../db/repositories/judge';
import { useCommands, type CommandHandlers } from '../../keyboard';
import { RUBRIC_SCORES } from '../../keyboard/keymap';
import { useExpertScoresStore } from '../../stores/judge/expert-store';
import { useJudgeStore } from '../../stores/judge/store';
import { useAppStore } from '../../stores/app/store';
import { useSettingsStore } from '../../stores/settings/store';
import { FewShotAction } from '../rubrics/FewShotAction';
import { rubricText } from '../rubrics/strings';
import type { HANDLED_COMMANDS } from './handled-commands';
import { useJudgeText } from './strings';
import './judge.css';

type Handled = (typeof HANDLED_COMMANDS)[number];

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
  const state = useExpertScoresStore(useShallow((s) => ({ set: s.set, setHash: s.setHash, rows: s.rows, focus: s.focus, atEnd: s.atEnd, active: s.active, status: s.status, error: s.error, dialogueId: s.dialogueId })));
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

  const handlers: CommandHandlers & Partial<Record<Handled, () => void>> = {
    'rubric.next': () => store.move(1),
    'rubric.prev': () => store.move(-1),
    'rubric.clear': () => void store.clear(),
    'rubric.undo': () => void store.undoLast(),
    'rubric.leave': () => store.setActive(false),
    'rubric.rationale': () => {
      if (row) textareaRef.current?.focus();
    },
  };
  for (const entry of RUBRIC_SCORES) handlers[entry.command] = () => void store.score(entry.score);
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
      data-at-end={state.atEnd}
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
        <span className="rubric-hint" data-testid="rubric-hint">{state.active ? (state.atEnd ? rubricText(lang, 'panelAllScored') : t('panelHintOpen')) : t('panelHintClosed')}</span>
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
                {line.sample > 0 ? ` #${line.sample + 1}` : ''} — {line.entry!.rationale}
              </p>
            ))}
          </div>
        </div>
      )}
    </section>
  );
}
