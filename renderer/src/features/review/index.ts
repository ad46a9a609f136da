export { ReviewView } from './ReviewView';
export type { ReviewViewProps } from './ReviewView';
export { HANDLED_COMMANDS as REVIEW_HANDLED_COMMANDS } from './handled-commands';
