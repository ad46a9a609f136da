export * from './ratings';
export * from './queue';
export * from './filters';
export * from './decisions';
