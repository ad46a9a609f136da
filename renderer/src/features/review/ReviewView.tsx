import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { codebookForDataset, consistencyRulesFor } from '../../codebook';
import { FindingsStrip, type FindingsCursor } from '../consistency/FindingsStrip';
import { findingMarks, reviewFindings, withDismissals, type FindingItem } from '../consistency/findings-model';
import { consistencyText } from '../consistency/strings';
import { useDialogueDismissals } from '../consistency/use-dialogue-dismissals';
import { HistoryPanel } from '../audit/HistoryPanel';
import { useAuditText } from '../audit/strings';
import { dialogueStatusOf } from '../../db/repositories/dialogues';
import type { ReviewBundle } from '../../db/repositories/reviews';
import { keyHold } from '../../keyboard/key-hold';
import { resolveCommand, useCommands } from '../../keyboard/use-commands';
import { useAppStore } from '../../stores/app/store';
import { selectRedoSteps, selectUndoSteps } from '../../stores/review/selectors';
import { reviewStore, useReviewStore } from '../../stores/review/store';
import { useSettingsStore } from '../../stores/settings/store';
import { HANDLED_COMMANDS as RUBRIC_PANEL_HANDLED } from '../judge/handled-commands';
import { RubricScoresPanel } from '../judge/RubricScoresPanel';
import { ChatPane } from './ChatPane';
import { DialogueHeader, type DialogueHeaderActions } from './DialogueHeader';
import { FieldPanel } from './FieldPanel';
import type { FieldRowActions } from './FieldRow';
import { noticeText, noticeTone } from './notice-text';
import { activeFieldId, APPLICABILITY_FIELD, buildDialogueModel, dialogueVerifySummary, nothingToConfirm } from './review-model';
import { createModelFreshness } from './model-freshness';
import { RestoredDrafts } from './RestoredDrafts';
import { ReviewerPrompt } from './ReviewerPrompt';
import { useReviewText, type ReviewTextApi } from './strings';
import { SuggestionChooser } from './SuggestionChooser';
import { useReviewBundle } from './use-review-bundle';
import { useSuggestionChoice } from './use-suggestion-choice';
import { HANDLED_COMMANDS } from './handled-commands';
import { QueueBar } from '../spot-check/QueueBar';
import { BlindReviewNote } from '../assignments/BlindReviewNote';
import { useIsBlindAssignment } from '../assignments/use-blind-assignment';
import { buildCommandHandlers, buildReviewActions, type ReviewActions, type ReviewCommandContext } from './use-review-commands';
import './review.css';

export interface ReviewViewProps {
  dialogueId: string;
}

/** Review of one dialogue: the conversation on the left, the current turn's fields on the right. */
export function ReviewView({ dialogueId }: ReviewViewProps) {
  const text = useReviewText();
  const { bundle, asOf, refresh } = useReviewBundle(dialogueId);
  const leaveReview = useAppStore((state) => state.leaveReview);

  useLayoutEffect(() => {
    reviewStore.getState().startSession(dialogueId);
  }, [dialogueId]);

  // Keys typed while the dialogue loads are held and replayed once the workspace can act on them.
  useLayoutEffect(() => {
    if (bundle === undefined) keyHold.start(isReviewKey);
    else if (bundle === null) keyHold.cancel();
  }, [dialogueId, bundle]);
  useCommands('review', { 'nav.datasets': leaveReview }, { enabled: bundle === null });

  if (bundle === undefined) {
    return (
      <div className="rv-view rv-view-message" data-testid="review-view" data-state="loading" data-dialogue-id={dialogueId}>
        {text.t('loading')}
      </div>
    );
  }
  if (bundle === null) {
    return (
      <div className="rv-view rv-view-message" data-testid="review-view" data-state="not-found" data-dialogue-id={dialogueId}>
        <p role="alert">{text.t('notFound')}</p>
        <button type="button" onClick={leaveReview}>
          ← {text.t('back')}
        </button>
      </div>
    );
  }
  return <ReviewWorkspace key={dialogueId} bundle={bundle} asOf={asOf} refresh={refresh} text={text} />;
}

const REVIEW_COMMANDS = new Set<string>(HANDLED_COMMANDS);
/** review's keys and those of the rubric panel laid over it (r, and the digits and moves of rubric scoring) */
const RUBRIC_PANEL_COMMANDS = new Set<string>(RUBRIC_PANEL_HANDLED);
const isReviewKey = (event: Parameters<typeof resolveCommand>[0]) =>
  resolveCommand(event, 'review', (command) => REVIEW_COMMANDS.has(command) || RUBRIC_PANEL_COMMANDS.has(command)) !== null
  || resolveCommand(event, 'rubric', (command) => RUBRIC_PANEL_COMMANDS.has(command)) !== null;

interface ReviewWorkspaceProps {
  bundle: ReviewBundle;
  /** the review writes finished before `bundle` was read */
  asOf: number;
  /** reads the dialogue again */
  refresh: () => void;
  text: ReviewTextApi;
}

function ReviewWorkspace({ bundle, asOf, refresh, text }: ReviewWorkspaceProps) {
  const dialogueId = bundle.dialogue.id;
  const codebook = useMemo(() => codebookForDataset({ codebookId: bundle.codebookId ?? '', codebookHash: bundle.codebookHash }).codebook, [bundle.codebookId, bundle.codebookHash]);
  const model = useMemo(() => buildDialogueModel(codebook, bundle), [codebook, bundle]);
  const codebookDataset = useMemo(() => ({ id: bundle.dialogue.datasetId, codebookHash: bundle.codebookHash }), [bundle.dialogue.datasetId, bundle.codebookHash]);
  const blind = useIsBlindAssignment(bundle.dialogue.datasetId);
  const lang = text.lang;
  // Consistency findings on the values as shown: recomputed with the model, so a fix clears its finding at once.
  const rules = useMemo(() => consistencyRulesFor({ codebookId: bundle.codebookId ?? '', codebookHash: bundle.codebookHash }), [bundle.codebookId, bundle.codebookHash]);
  const dismissals = useDialogueDismissals(bundle.dialogue.id);
  const findingItems = useMemo(() => withDismissals(reviewFindings(model, bundle.fieldReviews, codebook, rules), dismissals), [model, bundle.fieldReviews, codebook, rules, dismissals]);
  const marks = useMemo(() => findingMarks(findingItems), [findingItems]);
  const turnFindings = useMemo(() => {
    const byTurn = new Map<string, { open: number; label: string; reasons: string }>();
    for (const [turnId, items] of marks.byTurn) {
      const open = items.filter((item) => !item.dismissal);
      if (open.length === 0) continue;
      byTurn.set(turnId, { open: open.length, label: consistencyText(lang, 'turnBadge', { n: open.length }), reasons: open.map((item) => item.finding.reason[lang]).join('\n') });
    }
    return byTurn;
  }, [marks, lang]);

  const sessionDialogueId = useReviewStore((state) => state.dialogueId);
  const storedTurnIndex = useReviewStore((state) => state.turnIndex);
  const preferredFieldId = useReviewStore((state) => state.fieldId);
  const typeaheadOpen = useReviewStore((state) => state.typeaheadOpen);
  const verifyArmed = useReviewStore((state) => state.verifyDialogueArmed);
  const notice = useReviewStore((state) => state.notice);
  const highlightState = useReviewStore((state) => state.highlight);
  const highlight = useMemo(
    () => (highlightState && highlightState.dialogueId === dialogueId ? { label: highlightState.label, positions: new Set(highlightState.positions) } : null),
    [highlightState, dialogueId],
  );
  const undoSteps = useReviewStore(selectUndoSteps);
  const redoSteps = useReviewStore(selectRedoSteps);

  const visibleDialogueIds = useAppStore((state) => state.visibleDialogueIds);
  const openDialogue = useAppStore((state) => state.openDialogue);
  const leaveReview = useAppStore((state) => state.leaveReview);
  const setReviewerName = useSettingsStore((state) => state.setReviewerName);
  const auditText = useAuditText().t;

  const textEdit = useReviewStore((state) => state.textEdit);
  const [promptOpen, setPromptOpen] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const pendingAction = useRef<(() => void) | null>(null);

  const sessionReady = sessionDialogueId === dialogueId;
  const turnCount = model.turns.length;
  const turnIndex = sessionReady ? Math.min(storedTurnIndex, Math.max(0, turnCount - 1)) : 0;
  const turn = model.turns[turnIndex];
  const fieldId = activeFieldId(turn, sessionReady ? preferredFieldId : null);
  const status = dialogueStatusOf(bundle.dialogueReview ?? undefined, model.progress.verifiedTurns);
  const positionIndex = visibleDialogueIds.indexOf(dialogueId);
  const position = positionIndex === -1 ? null : { index: positionIndex, total: visibleDialogueIds.length };

  const guarded = (action: () => void) => {
    if (useSettingsStore.getState().reviewerName.trim()) {
      action();
      return;
    }
    pendingAction.current = action;
    setPromptOpen(true);
  };

  // What commands read when they run (a key can come before the next render): the latest render's
  // model and status; the cursor they read from the store itself.
  const suggestionChoice = useSuggestionChoice(bundle);
  const rendered = useRef({ model, status, visibleDialogueIds });
  const refreshRef = useRef(refresh);
  const [freshness] = useState(() => createModelFreshness({ store: reviewStore, applicabilityField: APPLICABILITY_FIELD, refresh: () => refreshRef.current() }));
  useLayoutEffect(() => {
    rendered.current = { model, status, visibleDialogueIds };
    refreshRef.current = refresh;
    freshness.rendered(asOf);
  });
  useEffect(() => () => freshness.dispose(), [freshness]);
  const context: ReviewCommandContext = {
    store: reviewStore,
    codebook,
    dialogueId,
    model: () => rendered.current.model,
    status: () => rendered.current.status,
    visibleDialogueIds: () => rendered.current.visibleDialogueIds,
    guarded,
    openDialogue,
    backToTable: leaveReview,
    stepSuggestion: suggestionChoice.step,
    openHistory: () => setHistoryOpen(true),
    freshness,
  };
  const actions = buildReviewActions(context);
  const handlers = buildCommandHandlers(context, actions);
  useCommands('review', handlers);
  useEffect(() => {
    // After useCommands has attached its listener: the held keys are handed on as typed keys. A held
    // `n`/`p` opens another dialogue, whose loading holds the keys after it for that one.
    keyHold.release();
  }, []);

  // Stable callbacks for the memoised rows; they always reach the latest actions.
  const latest = useRef<{ actions: ReviewActions; turnCount: number }>({ actions, turnCount });
  useEffect(() => {
    latest.current = { actions, turnCount };
  });
  const rowActions = useMemo<FieldRowActions & { verifyTurn: () => void; acceptAll: () => void }>(
    () => ({
      focus: (id) => reviewStore.getState().focusField(id),
      pick: (id, code) => {
        reviewStore.getState().focusField(id);
        reviewStore.getState().setTypeaheadOpen(false);
        latest.current.actions.edit(id, { kind: 'pick', code });
      },
      accept: (id) => latest.current.actions.accept(id),
      unsure: (id) => latest.current.actions.edit(id, { kind: 'unsure' }),
      clear: (id) => latest.current.actions.edit(id, { kind: 'clear' }),
      commitText: (id, value) => latest.current.actions.edit(id, { kind: 'text', text: value }),
      endTextEdit: (turnId, id) => reviewStore.getState().endTextEdit(turnId, id),
      closeTypeahead: () => reviewStore.getState().setTypeaheadOpen(false),
      verifyTurn: () => latest.current.actions.verifyTurn(),
      acceptAll: () => latest.current.actions.acceptAll(),
    }),
    [],
  );
  const headerActions = useMemo<DialogueHeaderActions>(
    () => ({
      back: leaveReview,
      previous: () => latest.current.actions.stepDialogue('prev'),
      next: () => latest.current.actions.stepDialogue('next'),
      undo: () => latest.current.actions.undo(),
      redo: () => latest.current.actions.redo(),
      verifyDialogue: () => latest.current.actions.verifyDialogue(),
      commitTeacherModel: (teacherModel) => latest.current.actions.setTeacherModel(teacherModel),
    }),
    [leaveReview],
  );
  const findingsCursor = (): FindingsCursor => {
    const current = rendered.current.model;
    const { turnIndex: stored, fieldId: preferred } = reviewStore.getState();
    const at = current.turns[Math.min(stored, Math.max(0, current.turns.length - 1))];
    return { turnIndex: at?.turn.index ?? 0, turnId: at?.turn.id ?? null, fieldId: activeFieldId(at, preferred) };
  };
  const goToFinding = (item: FindingItem) => {
    const current = rendered.current.model;
    const position = current.turns.findIndex((candidate) => candidate.turn.id === item.finding.turnId);
    if (position === -1) return;
    reviewStore.getState().goToTurn(position, current.turns.length);
    if (current.turns[position].fields.some((row) => row.field.id === item.finding.fieldId && row.applicable)) reviewStore.getState().focusField(item.finding.fieldId);
  };
  const selectTurn = useMemo(() => (index: number) => reviewStore.getState().goToTurn(index, latest.current.turnCount), []);

  const saveReviewer = async (name: string) => {
    const saved = await setReviewerName(name);
    if (saved) {
      setPromptOpen(false);
      const action = pendingAction.current;
      pendingAction.current = null;
      action?.();
    }
    return saved;
  };

  const verifySummary = verifyArmed ? dialogueVerifySummary(model) : null;
  const turnNumberOf = (turnId: string) => (model.turns.find((candidate) => candidate.turn.id === turnId)?.turn.index ?? -1) + 1;
  // Shown for as long as Shift+V is armed, even once the screen has caught up and nothing is
  // left open: an armed key with nothing on screen would make the next Shift+V a surprise.
  const warnings = verifySummary;
  const messages = (
    <>
      {promptOpen && (
        <ReviewerPrompt
          text={text}
          onSave={saveReviewer}
          onCancel={() => {
            pendingAction.current = null;
            setPromptOpen(false);
          }}
        />
      )}
      <RestoredDrafts dialogue={bundle.dialogue} review={bundle.dialogueReview} model={model} codebook={codebook} text={text} guarded={guarded} />
      {warnings && (
        <div className="rv-message rv-message-warn" role="alert" data-testid="verify-dialogue-warning">
          {nothingToConfirm(warnings)
            ? text.t('verifyConfirmPlain')
            : text.t('verifyWarning', {
                turns: warnings.unverifiedTurns,
                fields: warnings.valuesToConfirm,
                unsurePart: warnings.unsureFields > 0 ? text.t('verifyUnsurePart', { n: warnings.unsureFields }) : '',
              })}
          <button type="button" onClick={() => actions.verifyDialogue()} tabIndex={-1}>
            {text.t('verifyAnyway')}
          </button>
          <button type="button" onClick={() => reviewStore.getState().armVerifyDialogue(false)} tabIndex={-1}>
            {text.t('cancel')}
          </button>
        </div>
      )}
      {turn && (
        <div className="rv-history-bar">
          <button type="button" data-testid="history-open" title={auditText('historyButtonTitle')} tabIndex={-1} onClick={() => setHistoryOpen(true)}>
            {auditText('historyButton')}
          </button>
        </div>
      )}
      {notice && (
        <div className={`rv-message rv-message-${noticeTone(notice)}`} data-testid="review-notice" data-kind={notice.kind} role="status">
          {noticeText(notice, codebook, text, turnNumberOf)}
        </div>
      )}
    </>
  );

  return (
    <div
      className="rv-view"
      data-testid="review-view"
      data-state="ready"
      data-dialogue-id={dialogueId}
      data-status={status}
      // Clicking a button must not take the focus away from the field cursor.
      onMouseDown={(event) => {
        if (event.target instanceof Element && event.target.closest('button')) event.preventDefault();
      }}
    >
      <QueueBar dialogueId={dialogueId} />
      <DialogueHeader
        dialogue={bundle.dialogue}
        review={bundle.dialogueReview}
        status={status}
        progress={model.progress}
        position={position}
        undoSteps={undoSteps}
        redoSteps={redoSteps}
        text={text}
        actions={headerActions}
        suggestionChooser={<SuggestionChooser layers={bundle.layers} suggestion={bundle.suggestion} text={text} onChoose={suggestionChoice.choose} />}
      />
      {highlight && (
        <div className="rv-highlight-banner" data-testid="review-highlight" data-count={highlight.positions.size} role="status">
          <span>
            ★ {highlight.label} · {text.t('highlightCount', { n: highlight.positions.size })}
          </span>
          <button type="button" onClick={() => reviewStore.getState().highlightTurns(null)}>
            {text.t('highlightClear')}
          </button>
        </div>
      )}
      {blind && <BlindReviewNote />}
      <FindingsStrip datasetId={bundle.dialogue.datasetId} items={findingItems} codebook={codebook} cursor={findingsCursor} goTo={goToFinding} guarded={guarded} />
      {historyOpen && turn && (
        <HistoryPanel
          target={{ dialogueId, turnId: turn.turn.id, fieldId: fieldId ?? null, turnNumber: turn.turn.index + 1 }}
          codebook={codebook}
          layerNames={Object.fromEntries(bundle.layers.map((layer) => [layer.id, layer.name]))}
          onClose={() => setHistoryOpen(false)}
        />
      )}
      <RubricScoresPanel datasetId={bundle.dialogue.datasetId} dialogueId={dialogueId} guard={guarded} />
      <div className="rv-body">
        <ChatPane turns={model.turns} currentIndex={turnIndex} highlight={highlight} text={text} onSelect={selectTurn} findingsByTurn={turnFindings} blind={blind} />
        {turn ? (
          <FieldPanel
            turn={turn}
            activeFieldId={fieldId}
            typeaheadOpen={typeaheadOpen}
            textEdit={textEdit}
            suggestion={bundle.suggestion}
            codebook={codebook}
            text={text}
            actions={rowActions}
            messages={messages}
            findingsByField={marks.byField}
            codebookDataset={codebookDataset}
          />
        ) : (
          <section className="rv-fields">{messages}</section>
        )}
      </div>
    </div>
  );
}
