export * from './json-depth';
export * from './unsafe-text';
