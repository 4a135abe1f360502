export * from './logger.module';
export * from './request-context';
