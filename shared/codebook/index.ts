export * from './types';
export { DEFAULT_CODEBOOK } from './default-codebook';
export { CodebookError, parseCodebook } from './parse-codebook';
export { fieldAppliesTo, fieldById, labelByCode, labelName } from './lookup';
export { matchLabelCode, normalizeValue } from './normalize-value';
export { foldForMatch, splitValueParts } from './text-fold';
export { codebookVersionHash } from './version-hash';
export { applyCodebookEdit, applyCodebookEdits, CodebookEditError, editsBetween, validateEditedCodebook, type CodebookEdit, type LabelPatch } from './edit-codebook';
