/**
 * What each acronym of Table II stands for and counts, in the reader's words: the full name (the
 * SID pipeline's own: StrategyDensity, StrategyVariety, …) and one line that says what is divided
 * by what, as `shared/spec/sid-format.md` §3 and `shared/metrics/README.md` define it. The
 * acronym itself stays METRIC_NAMES[key].short, so the table, chart and files agree.
 */
import type { ScoreKey } from '../../../../shared/metrics';
import type { Bilingual } from '../../i18n/feature-strings';

export interface MetricGlossaryEntry {
  name: Bilingual;
  definition: Bilingual;
}

export const METRIC_GLOSSARY: Record<ScoreKey, MetricGlossaryEntry> = {
  SD: {
    name: { en: 'Strategy density', zh: '策略密度' },
    definition: {
      en: 'Share of the teacher’s turns that use at least one teaching strategy.',
      zh: '使用了至少一种教学策略的教师话轮占全部教师话轮的比例。',
    },
  },
  SV: {
    name: { en: 'Strategy variety', zh: '策略多样性' },
    definition: {
      en: 'Number of different teaching strategies the teacher uses in the dialogue, divided by 8 (as the paper does).',
      zh: '教师在一段对话中用到的不同教学策略个数，除以 8（论文的分母）。',
    },
  },
  IKT: {
    name: { en: 'Interdisciplinary knowledge transfer', zh: '跨学科知识迁移' },
    definition: {
      en: 'Share of the teacher’s turns marked as carrying the talk over to another discipline.',
      zh: '标注为“发生学科迁移”的教师话轮占全部教师话轮的比例。',
    },
  },
  BP: {
    name: { en: 'Bloom progression', zh: '布鲁姆层级跨度' },
    definition: {
      en: 'Distance between the lowest and the highest Bloom level the student reaches (remember 1 … create 6), divided by 5.',
      zh: '学生话轮中最高与最低布鲁姆层级之差（记忆 1 … 创造 6），除以 5。',
    },
  },
  SC: {
    name: { en: 'Structure completeness', zh: '结构完整性' },
    definition: {
      en: 'How many of four key intents the teacher uses (introduce concepts, guide reasoning, trigger transfer, summarize and elevate), divided by 4.',
      zh: '教师用到四种关键意图（引出概念、引导推理、引发迁移、总结提升）中的几种，除以 4。',
    },
  },
  L3_GR: {
    name: { en: 'L3 guidance rate', zh: 'L3 引导率' },
    definition: {
      en: 'Share of the teacher’s turns at guidance level L3 (transfer, reasoning, synthesis).',
      zh: '引导层级为 L3（迁移、推理、综合）的教师话轮占全部教师话轮的比例。',
    },
  },
  '3C': {
    name: { en: 'Cognitive correction rate', zh: '认知纠正率' },
    definition: {
      en: 'Of the student’s incorrect answers, the share whose next student turn shows clear understanding or higher-order thinking.',
      zh: '学生的错误回答中，下一个学生话轮达到“清晰理解”或“高阶思考”的比例。',
    },
  },
  TotalScore: {
    name: { en: 'Total score', zh: '总分' },
    definition: {
      en: 'The seven indicators added up with the weights shown under the table (0 to 1).',
      zh: '七项指标按表格下方所列权重加权求和（0 到 1）。',
    },
  },
};
