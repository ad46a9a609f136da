/**
 * The words for problems of a config file (a scenario, a synthesis spec) in the reader's language:
 * one sentence per problem code (shared/scenario/yaml-file.ts ConfigProblemCode); the English text
 * of the YAML library or of the format's checks is shown beside it as the detail.
 */
import type { ConfigProblemCode } from '../../../../shared/scenario/yaml-file';
import { featureText, type Bilingual } from '../../i18n/feature-strings';

export const CONFIG_PROBLEM_WORDS: Record<ConfigProblemCode, Bilingual> = {
  'yaml-syntax': { zh: 'YAML 语法错误', en: 'YAML syntax error' },
  'multiple-documents': { zh: '文件含有多个 YAML 文档（有一行 ---）；一个文件只能是一个文档', en: 'The file holds more than one YAML document (a line with ---); it must be one' },
  'duplicate-key': { zh: '同一个映射里有重复的键', en: 'A key is given twice in the same mapping' },
  'not-a-mapping': { zh: '文件应是由键组成的映射（format、id……）', en: 'The file must be a mapping of keys (format, id…)' },
  'too-deep': { zh: '列表和对象嵌套超过 64 层，文件未读取', en: 'Lists and objects nest more than 64 levels deep; the file is not read' },
  'too-many-aliases': { zh: '别名（*锚点）过多，文件未读取', en: 'Too many aliases (*anchor); the file is not read' },
  format: { zh: '不符合格式要求', en: 'Does not match the format' },
};

export const CONFIG_FILE_STRINGS = {
  ...CONFIG_PROBLEM_WORDS,
  detail: { zh: '详情：', en: 'Detail:' },
} satisfies Record<string, Bilingual>;

export const { text: configFileText, useText: useConfigFileText } = featureText(CONFIG_FILE_STRINGS);
