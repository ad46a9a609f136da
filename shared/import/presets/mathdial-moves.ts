/**
 * MathDial teacher moves → SID `teaching_strategy` codes.
 *
 * MathDial (Macina et al., Findings of EMNLP 2023) lets the teacher pick one move per turn:
 * - focus: seek strategy, guide the student's focus, recall relevant information
 *   ("Can you calculate how much one bucket feeds?")
 * - probing: ask for an explanation, seek self-correction, perturb the question, seek world
 *   knowledge ("Why do you think you need to add these?", "Are you sure?")
 * - telling: reveal the strategy or the answer ("No, he had 200 sheep.")
 * - generic: greetings and general inquiry ("Can you walk me through your solution?")
 *
 * How sure each mapping is, and why:
 * - probing → follow_up_questioning (追问): good fit; probing questions build on the
 *   student's answer, which is what 追问 means.
 * - focus → provide_hints (提示): fair; directing attention and recalling information are
 *   hints. Some focus turns pose a sub-question and would be break_down_question (拆解问题).
 * - telling → corrective_feedback (正误反馈): uncertain; SID has no "reveal the answer"
 *   strategy. Telling usually follows a wrong answer and says what is right, but a revealed
 *   strategy is not feedback.
 * - generic → encourage_responses (鼓励回应): weakest; general inquiries invite the student
 *   to explain their thinking, but a bare greeting is no strategy at all.
 * The raw move is always kept in `raw`, so a reviewer sees what the teacher chose.
 */
export const MATHDIAL_MOVE_TO_STRATEGY: Readonly<Record<string, string | null>> = {
  probing: 'follow_up_questioning',
  focus: 'provide_hints',
  telling: 'corrective_feedback',
  generic: 'encourage_responses',
};
