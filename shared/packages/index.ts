export * from './assignment-package';
export * from './work-package';
export * from './check-work';
export { PackageError, parsePackageJson } from './json-reader';
