/**
 * A seeded generator of synthetic SID JSON Lines for benchmarks: N dialogues of 4–6 turns
 * with Chinese-like text and the quirks real pipeline output has (split final summaries,
 * out-of-vocabulary values, mixed separators, end markers, re-punctuated annotation text).
 */

import { seededRandom } from '../../shared/metrics/random';

const OPENERS = ['老师，', '我觉得', '那么', '请问', '如果', '为什么', '你能说说', '我们来想一想，', '嗯，', '所以'];
const SUBJECTS = ['仙人掌的叶子', '沙漠里的植物', '水的蒸发', '光合作用', '河流的走向', '古代的丝绸之路', '电路中的电流', '三角形的面积', '城市的热岛效应', '候鸟的迁徙'];
const PREDICATES = ['会变成刺', '和气候有关', '需要阳光和水', '受到地形的影响', '改变了人们的生活', '可以用公式计算', '说明了能量守恒', '是一种适应', '和季节变化有关', '跟历史事件有联系'];
const ENDINGS = ['？', '。', '吗？', '呢？', '！', '……'];
const DISCIPLINES = ['生物', '地理', '历史', '物理', '化学', '数学', '信息技术'];
const SEPARATORS = [', ', ',', '，', '、', '; ', '/'];
const INTENTS = ['引出概念', '检测理解', '引导推理', '引发迁移', '总结提升'];
const STRATEGIES = ['追问', '提示', '类比', '情境设问', '拆解问题', '鼓励回应', '正误反馈'];
const STATES = ['清晰理解', '模糊理解', '表达困难', '答非所问', '错误回答', '高阶思考'];
const BLOOM = ['记忆', '理解', '应用', '分析', '评价', '创造'];

export interface GenerateOptions {
  dialogues: number;
  seed?: number;
}

export function generateSidJsonl({ dialogues, seed = 1 }: GenerateOptions): string {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const chance = (p: number): boolean => random() < p;
  const sentence = (): string => `${pick(OPENERS)}${pick(SUBJECTS)}${pick(PREDICATES)}${pick(ENDINGS)}`;
  const disciplines = (): string => {
    const first = pick(DISCIPLINES);
    const second = pick(DISCIPLINES);
    return first === second || chance(0.5) ? first : `${first}${pick(SEPARATORS)}${second}`;
  };

  const lines: string[] = [];
  for (let d = 0; d < dialogues; d++) {
    const turnCount = 4 + Math.floor(random() * 3);
    const dialogue: { role: string; content: string }[] = [];
    const annotations: Record<string, string>[] = [];
    for (let t = 0; t < turnCount; t++) {
      const teacher = t % 2 === 1;
      const last = t === turnCount - 1;
      let content = Array.from({ length: 1 + Math.floor(random() * (teacher ? 3 : 2)) }, sentence).join('');
      if (teacher && last && chance(0.5)) content += '[结束]';
      dialogue.push({ role: teacher ? '教师' : '学生', content });
      const values = {
        speaker: teacher ? '教师' : '学生',
        teacher_intent: teacher ? pick(INTENTS) : '',
        teaching_strategy: teacher ? (chance(0.02) ? '引导推理' : `${pick(STRATEGIES)}${chance(0.3) ? `${pick(SEPARATORS)}${pick(STRATEGIES)}` : ''}`) : '',
        discipline: disciplines(),
        discipline_transfer: chance(0.3) ? '是' : '否',
        student_cognition_state: teacher ? '' : chance(0.05) ? '理解' : pick(STATES),
        teacher_guidance_level: teacher ? pick(['L1', 'L2', 'L3']) : '',
        cognitive_level: chance(0.03) ? '理解（Understand）' : pick(BLOOM),
      };
      if (teacher && last && content.length > 30 && chance(0.1)) {
        // a long final summary split into fragments, as the SID pipeline sometimes writes it
        const cut = Math.floor(content.length / 2);
        annotations.push({ ...values, utterance: content.slice(0, cut) }, { ...values, utterance: content.slice(cut) });
      } else {
        const utterance = chance(0.05) ? content.replace(/[，。？！]/g, ' ') : content;
        annotations.push({ ...values, utterance });
      }
    }
    lines.push(
      JSON.stringify({
        topic_id: 1 + (d % 48),
        topic_text: `跨学科项目${1 + (d % 48)}：${pick(SUBJECTS)}与${pick(SUBJECTS)}`,
        student_id: 1 + (d % 7),
        student_type: pick(['全优型', '知识掌握不足', '学习渴望低']),
        scenario: pick(['课堂探究', '课后辅导']),
        repeat_id: 1 + Math.floor(d / 336),
        dialogue,
        annotations,
      }),
    );
  }
  return `${lines.join('\n')}\n`;
}
