import type { JudgeLanguage } from '../judge/types';

/**
 * The drafter's, test-item writer's and reviser's prompts as data, in both languages, with
 * {{variables}} filled by fillPrompt (shared/scenario/variables). A change of wording changes
 * SYNTHESIS_PROMPT_VERSION, so a stored round says which prompts made it.
 */
export const SYNTHESIS_PROMPT_VERSION = 'synthesis-prompts/1';

export interface PromptPair {
  system: string;
  user: string;
}

export const DRAFT_PROMPT: Record<JudgeLanguage, PromptPair> = {
  en: {
    system: 'You are an expert in pedagogy who writes evaluation rubrics for tutoring dialogues. Each metric you write is observable in a dialogue, scored on {{range}}, and belongs to one of the given dimensions.',
    user: [
      'Scenario:\n{{scenario}}',
      'Dimensions (id: name (weight) — what it covers):\n{{dimensions}}',
      'Write {{metric_count}}. For each metric give: dimension (one of the ids above), name, weight (its relative importance within its dimension, a number above 0), description (what a high and a low score mean), positive_example (a short teacher utterance that meets it) and negative_example (one that misses it).',
      'Write every text in both Chinese and English: {"zh": "…", "en": "…"}. Answer with one JSON object only:\n{"metrics": [{"dimension": "…", "name": {…}, "weight": 1, "description": {…}, "positive_example": {…}, "negative_example": {…}}]}',
    ].join('\n\n'),
  },
  zh: {
    system: '你是一名教育学专家，负责为辅导对话编写评价量规。你写的每个指标都能在对话中观察到，按{{range}}评分，并属于给定的某个维度。',
    user: [
      '场景：\n{{scenario}}',
      '维度（id：名称（权重）——涵盖内容）：\n{{dimensions}}',
      '请编写{{metric_count}}。每个指标给出：dimension（上面的某个 id）、name（名称）、weight（在所属维度内的相对重要性，大于 0 的数）、description（高分与低分各意味着什么）、positive_example（一句达到该指标的教师话语）和 negative_example（一句未达到的）。',
      '所有文字都用中文和英文写出：{"zh": "…", "en": "…"}。只回答一个 JSON 对象：\n{"metrics": [{"dimension": "…", "name": {…}, "weight": 1, "description": {…}, "positive_example": {…}, "negative_example": {…}}]}',
    ].join('\n\n'),
  },
};

export const TEST_ITEM_PROMPT: Record<JudgeLanguage, PromptPair> = {
  en: {
    system: 'You write test items for evaluating AI tutors: each item is the opening a student or task gives the tutor, varied so that good and poor tutoring differ visibly.',
    user: 'Scenario:\n{{scenario}}\n\nThe rubric will look at:\n{{dimensions}}\n\nWrite {{count}} different test items. Answer with one JSON object only: {"items": ["…", "…"]}',
  },
  zh: {
    system: '你为评估 AI 辅导教师编写测试题：每道题是学生或任务给教师的开场，题目之间要有差异，使好的与差的教学明显不同。',
    user: '场景：\n{{scenario}}\n\n量规将关注：\n{{dimensions}}\n\n请编写 {{count}} 道不同的测试题。只回答一个 JSON 对象：{"items": ["…", "…"]}',
  },
};

export const REVISE_PROMPT: Record<JudgeLanguage, PromptPair> = {
  en: {
    system: 'You revise evaluation rubrics from evidence. You may rewrite only a metric\'s description, positive example and negative example; its name, dimension and weight stay as they are, so scores stay comparable across versions.',
    user: [
      'Scenario:\n{{scenario}}',
      'All metrics, for context:\n{{metrics}}',
      'The judge\'s scores show these metrics need revision (verdict: too-strict = most answers at the lowest score, too-lenient = most at the highest, weak = answers barely differ):\n{{revise}}',
      'Revise only these, in both Chinese and English. Answer with one JSON object only:\n{"revisions": [{"metric": "<id>", "description": {"zh": "…", "en": "…"}, "positive_example": {…}, "negative_example": {…}}]}',
    ].join('\n\n'),
  },
  zh: {
    system: '你根据证据修订评价量规。你只能改写指标的描述、正例和反例；名称、维度和权重保持不变，以便各版本的分数可以比较。',
    user: [
      '场景：\n{{scenario}}',
      '全部指标（供参考）：\n{{metrics}}',
      '评分结果表明以下指标需要修订（too-strict = 多数回答得最低分，too-lenient = 多数得最高分，weak = 回答之间几乎没有差别）：\n{{revise}}',
      '只修订这些指标，用中文和英文写出。只回答一个 JSON 对象：\n{"revisions": [{"metric": "<id>", "description": {"zh": "…", "en": "…"}, "positive_example": {…}, "negative_example": {…}}]}',
    ].join('\n\n'),
  },
};
