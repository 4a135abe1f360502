export * from './database';
export * from './like';
export * from './list-param';
export * from './asset-filter';
export * from './sql';
export * from './tenant-wall';
export * from './runtime-role';
export * from './pool-metrics';
