export * from './assignment-package';
export * from './work-package';
export * from './check-work';
export { PackageError, parsePackageJson, type PackageErrorCode } from './json-reader';
