/**
 * The benchmark frame of the sample: which teacher models, topics, student personas and
 * scenarios exist, and which (student, repeat) sessions every model was run on per topic.
 * Every model runs the same roster, as in the SID benchmark.
 */

export const TEACHER_MODELS = ['GPT-4o', 'DeepSeek-V3', 'Qwen2.5-72B'] as const;
export type TeacherModel = (typeof TEACHER_MODELS)[number];

/** Simulated student personas (student_id → student_type), after the SID paper. */
export const STUDENT_TYPES: Record<number, string> = {
  1: '全优型',
  2: '知识掌握不足',
  3: '学习渴望低',
  4: '表达困难型',
};

export interface RosterEntry {
  studentId: number;
  repeatId: number;
  scenario: string;
}

export interface Topic {
  id: number;
  title: string;
  /** topic_text: lesson goals and knowledge points, as the pipeline stores them */
  text: string;
  roster: RosterEntry[];
}

export const TOPICS: Topic[] = [
  {
    id: 7,
    title: '校园生态美化：植物形态与环境适应',
    text:
      '校园生态美化：植物形态与环境适应。学习目标：1. 观察校园中不同区域（向阳花坛、背阴墙角、水池边、操场边）植物的形态差异，理解叶片大小、厚薄、表皮毛、蜡质和气孔与光照、水分条件的关系（生物）；2. 结合我国不同气候区的降水与气温特点，解释旱生、湿生、阴生、阳生植物的分布规律（地理）；3. 运用色彩对比与高低层次等构图原则，为校园的一个角落设计兼顾植物习性与美观的绿化方案（美术）。知识点：蒸腾作用与气孔；旱生植物的形态适应（肉质茎、叶退化成刺、表面蜡质）；阴生植物与阳生植物；气候类型与降水；植物配置的高低层次与色彩搭配。',
    roster: [
      { studentId: 1, repeatId: 1, scenario: '项目式学习' },
      { studentId: 2, repeatId: 1, scenario: '课堂探究' },
      { studentId: 2, repeatId: 2, scenario: '课堂探究' },
    ],
  },
  {
    id: 12,
    title: '丝绸之路上的物理与地理',
    text:
      '丝绸之路上的物理与地理。学习目标：1. 了解丝绸之路经过的主要地形区与气候特征，说明沙漠地区昼夜温差大的原因（地理）；2. 用比热容的概念解释沙石与水体升温、降温快慢的差异，用光的折射解释沙漠中的海市蜃楼（物理）；3. 认识坎儿井的结构，从蒸发的影响因素分析其减少水分损失的原理（物理、地理）；4. 了解骆驼适应沙漠环境的形态特征（生物）；5. 结合张骞出使西域与驼队贸易的史实，体会自然环境对交通路线与出行方式的影响（历史）。知识点：比热容；蒸发及其影响因素；光的折射；压强与受力面积；温带大陆性气候；绿洲与高山冰雪融水；丝绸之路的开辟。',
    roster: [
      { studentId: 3, repeatId: 1, scenario: '课后辅导' },
      { studentId: 3, repeatId: 2, scenario: '课后辅导' },
      { studentId: 4, repeatId: 1, scenario: '课堂探究' },
    ],
  },
  {
    id: 18,
    title: '水的净化：化学与生物',
    text:
      '水的净化：化学与生物。学习目标：1. 通过自制简易净水器，认识沉淀、过滤、吸附、消毒等净水方法及其先后顺序（化学）；2. 区分纯净物与混合物，理解明矾絮凝、活性炭吸附和氯消毒的作用（化学）；3. 了解水中的微生物与水体富营养化，认识水生植物与人工湿地对污水的净化作用（生物）；4. 结合本地河流的水质状况，提出保护水资源的可行建议（地理）。知识点：混合物的分离；过滤操作的“一贴、二低、三靠”；活性炭的吸附性；氯气、二氧化氯消毒与余氯；富营养化与藻类繁殖；人工湿地。',
    roster: [
      { studentId: 2, repeatId: 1, scenario: '课后辅导' },
      { studentId: 4, repeatId: 1, scenario: '实验探究' },
      { studentId: 4, repeatId: 2, scenario: '实验探究' },
    ],
  },
  {
    id: 25,
    title: '桥梁设计中的数学与工程',
    text:
      '桥梁设计中的数学与工程。学习目标：1. 通过搭建吸管桥、纸桥，理解三角形的稳定性及其在桁架结构中的应用（数学、工程）；2. 分析拱桥把竖直压力转化为沿拱方向的压力、悬索桥主缆受拉的受力特点，认识材料的抗压与抗拉性能（物理）；3. 了解赵州桥敞肩拱的设计及其减轻自重、利于泄洪的作用（历史、工程）；4. 用比例尺和抛物线模型 y=ax² 估算桥拱尺寸（数学）。知识点：三角形的稳定性；压力与拉力；拱形结构；抛物线；比例尺；材料的抗压与抗拉性能。',
    roster: [
      { studentId: 1, repeatId: 1, scenario: '项目式学习' },
      { studentId: 1, repeatId: 2, scenario: '项目式学习' },
      { studentId: 3, repeatId: 1, scenario: '课堂探究' },
    ],
  },
];
