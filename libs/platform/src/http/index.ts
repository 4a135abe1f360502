export * from './json-depth';
export * from './unsafe-text';
export * from './json-in-slices';
export * from './client-errors';
export * from './csv-text';
export * from './keep-alive';
