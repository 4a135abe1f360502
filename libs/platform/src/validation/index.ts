export * from './text-validators';
export * from './optional-text.pipe';
export * from './query-values';
export * from './large-array-body.pipe';
export * from './page-fields';
export * from './validated-as.pipe';
