/**
 * Keyboard review of one sample dialogue, end to end: open from the table with j/Enter, the
 * reviewer-name prompt, moving with keys, accept / number key / type-ahead / unsure / verify,
 * undo and redo, and everything still there after a reload. Expected values come from the
 * sample file and the shipped codebook.
 */
import { expect, test } from './fixtures/app';
import { StartPage } from './pages/start';
import type { ReviewPage } from './pages/review';
import { appliesToSpeaker, CODEBOOK_FIELD_IDS, codebookField, labelForSidValue } from './support-codebook';
import { findSampleDialogue, openDialogueByKeyboard, openSample } from './support-sample';

const target = findSampleDialogue('GPT-4o/GPT-4o-interdis_topic_7.jsonl', 1);
const studentTurn = target.record.dialogue.findIndex((turn) => turn.role === '学生');
const teacherTurn = target.record.dialogue.findIndex((turn) => turn.role === '教师');
const teacherAnnotation = target.record.annotations[teacherTurn];
const REVIEWER = 'Wang Li 王丽';

/** A label of the field other than the pre-annotated one, and the number key that picks it. */
function otherLabel(fieldId: string, preCode: string): { code: string; key: number; zh: string } {
  const labels = codebookField(fieldId).labels;
  const index = labels.findIndex((label) => label.code !== preCode);
  return { code: labels[index].code, key: index + 1, zh: labels[index].name.zh };
}

async function expectApplicability(review: ReviewPage, speaker: 'teacher' | 'student'): Promise<void> {
  for (const fieldId of CODEBOOK_FIELD_IDS) {
    const applies = appliesToSpeaker(fieldId, speaker);
    await expect(review.fieldRow(fieldId), `${fieldId} on a ${speaker} turn`).toHaveAttribute('data-applicable', String(applies));
    if (!applies) await review.expectDecision(fieldId, 'not-applicable');
  }
}

test('a dialogue is reviewed with the keyboard, undo/redo restore values, and every edit survives a reload', async ({ app }) => {
  expect(studentTurn, 'the dialogue opens on turn 1, a student turn').toBe(0);
  expect(teacherTurn).toBeGreaterThan(studentTurn);
  expect(teacherAnnotation.utterance, 'the sample annotation of the first teacher turn is its own').toBe(target.record.dialogue[teacherTurn].content);
  const intentPre = labelForSidValue('teacher_intent', teacherAnnotation.teacher_intent).code;
  const levelPre = labelForSidValue('teacher_guidance_level', teacherAnnotation.teacher_guidance_level).code;
  const levelCorrection = otherLabel('teacher_guidance_level', levelPre);
  const bloomPre = labelForSidValue('cognitive_level', teacherAnnotation.cognitive_level).code;
  const bloomCorrection = otherLabel('cognitive_level', bloomPre);
  const transferPre = labelForSidValue('discipline_transfer', teacherAnnotation.discipline_transfer).code;

  const datasets = await openSample(app);
  const datasetName = (await datasets.name.textContent()) ?? '';
  const review = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
  const dialogueId = await review.dialogueId();
  await expect(review.turns).toHaveCount(target.record.dialogue.length);

  // Moving between turns with j/k; fields that do not apply to the speaker say so.
  await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(studentTurn));
  await expectApplicability(review, 'student');
  await review.pressKey('j');
  await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(studentTurn + 1));
  await review.pressKey('k');
  await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(studentTurn));
  for (let turn = studentTurn; turn < teacherTurn; turn += 1) await review.pressKey('j');
  await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(teacherTurn));
  await expectApplicability(review, 'teacher');

  // Moving between fields with l/h skips fields that do not apply.
  const teacherFields = CODEBOOK_FIELD_IDS.filter((fieldId) => appliesToSpeaker(fieldId, 'teacher'));
  await review.goToField('teacher_intent');
  await review.pressKey('l');
  await expect(review.currentFieldRow).toHaveAttribute('data-field-id', teacherFields[teacherFields.indexOf('teacher_intent') + 1]);
  await review.pressKey('h');
  await expect(review.currentFieldRow).toHaveAttribute('data-field-id', 'teacher_intent');

  // The first edit asks who is reviewing, then goes through.
  await review.pressKey('a');
  await review.enterReviewerName(REVIEWER);
  await review.expectDecision('teacher_intent', 'accepted');
  await review.expectExpertValue('teacher_intent', [intentPre]);

  // Accept, then correct by number key; undo gives back the accepted value, redo the correction.
  await review.goToField('teacher_guidance_level');
  await review.pressKey('a');
  await review.expectDecision('teacher_guidance_level', 'accepted');
  await review.expectExpertValue('teacher_guidance_level', [levelPre]);
  await review.pressKey(String(levelCorrection.key));
  await review.expectDecision('teacher_guidance_level', 'changed');
  await review.expectExpertValue('teacher_guidance_level', [levelCorrection.code]);
  await review.pressKey('Mod+z');
  await review.expectDecision('teacher_guidance_level', 'accepted');
  await review.expectExpertValue('teacher_guidance_level', [levelPre]);
  await review.pressKey('Mod+Shift+z');
  await review.expectDecision('teacher_guidance_level', 'changed');
  await review.expectExpertValue('teacher_guidance_level', [levelCorrection.code]);

  // Correct by type-ahead, with the label's Chinese name.
  await review.goToField('cognitive_level');
  await review.searchAndPick(bloomCorrection.zh);
  await review.expectDecision('cognitive_level', 'changed');
  await review.expectExpertValue('cognitive_level', [bloomCorrection.code]);

  // Unsure keeps the pre-annotation as the best guess.
  await review.goToField('discipline_transfer');
  await review.pressKey('u');
  await review.expectDecision('discipline_transfer', 'unsure');
  await review.expectExpertValue('discipline_transfer', [transferPre]);
  await review.expectDecision('teaching_strategy', 'not-reviewed');

  // Verify the turn: it is marked, confirms what it shows, and the cursor moves on.
  await review.pressKey('v');
  await expect(review.turn(teacherTurn).locator('[data-badge="verified"]')).toBeVisible();
  await expect(review.currentTurn).toHaveAttribute('data-turn-index', String(teacherTurn + 1));
  await review.waitForSaved();
  await expect(review.saveIndicator).toHaveAttribute('data-state', 'saved');

  // Everything is in IndexedDB: reload, reopen the data set and the dialogue.
  await app.reload();
  const start = new StartPage(app.page);
  await start.openDataset(datasetName);
  await datasets.waitForRows();
  const again = await openDialogueByKeyboard(datasets, target.teacherModel, target.externalId);
  expect(await again.dialogueId()).toBe(dialogueId);
  await expect(again.turn(teacherTurn).locator('[data-badge="verified"]')).toBeVisible();
  await expect(again.turns.locator('[data-badge="verified"]')).toHaveCount(1);
  await expect(again.currentTurn).toHaveAttribute('data-turn-index', '0');
  for (let turn = 0; turn < teacherTurn; turn += 1) await again.pressKey('j');
  await expect(again.currentTurn).toHaveAttribute('data-turn-index', String(teacherTurn));
  await expect(again.verifyTurnButton).toHaveAttribute('data-verified', 'true');
  await again.expectDecision('teacher_intent', 'accepted');
  await again.expectExpertValue('teacher_intent', [intentPre]);
  await again.expectDecision('teacher_guidance_level', 'changed');
  await again.expectExpertValue('teacher_guidance_level', [levelCorrection.code]);
  await again.expectDecision('cognitive_level', 'changed');
  await again.expectExpertValue('cognitive_level', [bloomCorrection.code]);
  await again.expectDecision('discipline_transfer', 'unsure');
  await again.expectExpertValue('discipline_transfer', [transferPre]);
  // verifying confirmed the value shown for the one field not reviewed by hand
  await again.expectDecision('teaching_strategy', 'accepted');

  // The table's progress column counts the verified turn.
  await again.pressKey('Escape');
  await datasets.waitForRows();
  const progress = datasets.row(dialogueId ?? '').getByTestId('dataset-row-progress');
  await expect(progress).toHaveAttribute('data-verified', '1');
  await expect(progress).toHaveAttribute('data-total', String(target.record.dialogue.length));
  await expect(datasets.row(dialogueId ?? '').locator('[data-status]')).toHaveAttribute('data-status', 'in-progress');
});
