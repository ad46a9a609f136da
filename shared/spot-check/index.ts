export * from './sampling';
export * from './population';
export * from './sample-size';
export * from './wilson';
export * from './stratified';
export * from './field-results';
export * from './checked-values';
export * from './report';
