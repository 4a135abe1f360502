export * from './access';
export * from './caller-context';
export * from './caller-context.guard';
export * from './tenant';
