export * from './constants';
export * from './envelope';
export * from './errors';
export * from './services';
export * from './topics';
export * from './identity';
