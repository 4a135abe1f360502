export * from './keys';
export * from './load-config';
export * from './sensitive';
export * from './service-env';
