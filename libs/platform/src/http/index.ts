export * from './json-depth';
