export { CONFIG_FILE_RULES, configTooLargeReason, type ConfigFileKind, type ConfigFileRule } from './kinds';
export { decodeConfigBytes, type ConfigDecodeResult } from './decode';
export { excerpt, listExcerpt, EXCERPT_CHARACTERS } from './excerpt';
export { namedPathProblem } from './named-path';
export { yamlNestingBeyond, yamlNestingProblem } from './nesting';
export { firstDuplicateKey, type DuplicateKey } from './json-duplicate-keys';
export { parseConfigJson, type ConfigJsonResult } from './config-json';
