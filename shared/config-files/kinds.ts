/**
 * The files that configure a run (scenarios, rubric sets, synthesis specs, codebooks and the
 * files they name) and how large each may be. A config file is small by nature; one far larger
 * than any real one is a mistake or an attack (a 10 MB rubric definition would be sent with every
 * call), so it is refused with its size before it is read.
 */
import { formatSizeOverLimit } from '../import/file-rules';

export type ConfigFileKind = 'scenario' | 'task-file' | 'rubric-set' | 'synthesis-spec' | 'codebook' | 'codebook-rules' | 'connections' | 'word-list';

const KIB = 1024;
const MIB = 1024 * KIB;

export interface ConfigFileRule {
  /** how a message names the file: `the scenario`, `the rubric set` */
  what: string;
  whatZh: string;
  maxBytes: number;
}

export const CONFIG_FILE_RULES: Record<ConfigFileKind, ConfigFileRule> = {
  // MAX_SCENARIO_SOURCE is 1,000,000 characters; a CJK character takes three bytes in UTF-8
  scenario: { what: 'scenario', whatZh: '场景文件', maxBytes: 4 * MIB },
  // task rows are data: the import's own limit holds (the row count is the scenario's to check)
  'task-file': { what: 'task file', whatZh: '任务文件', maxBytes: 64 * MIB },
  'rubric-set': { what: 'rubric set', whatZh: '评分量表', maxBytes: 1 * MIB },
  // MAX_SPEC_SOURCE is 200,000 characters
  'synthesis-spec': { what: 'spec', whatZh: '合成规格', maxBytes: 1 * MIB },
  codebook: { what: 'codebook', whatZh: '编码表', maxBytes: 8 * MIB },
  'codebook-rules': { what: 'rules file', whatZh: '规则文件', maxBytes: 8 * MIB },
  connections: { what: 'connections file', whatZh: '连接文件', maxBytes: 1 * MIB },
  'word-list': { what: 'word list', whatZh: '词表', maxBytes: 4 * MIB },
};

/** Why a config file of `size` bytes is not read, or null. */
export function configTooLargeReason(kind: ConfigFileKind, size: number): string | null {
  const { what, maxBytes } = CONFIG_FILE_RULES[kind];
  if (size <= maxBytes) return null;
  const words = formatSizeOverLimit(size, maxBytes);
  return `too large (${words.size}; a ${what} may be at most ${words.limit})`;
}
