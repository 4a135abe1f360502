export { UnrecoverableError } from 'bullmq';
export * from './job-defaults';
export * from './job-metrics';
export * from './job-queue';
export * from './job-types';
export * from './jobs-env';
export * from './jobs.module';
