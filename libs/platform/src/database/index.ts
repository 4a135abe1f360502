export * from './database';
export * from './like';
