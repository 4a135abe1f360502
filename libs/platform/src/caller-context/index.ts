export * from './caller-context';
export * from './caller-context.guard';
