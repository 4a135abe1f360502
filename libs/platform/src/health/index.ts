export * from './health.controller';
export * from './health.registry';
