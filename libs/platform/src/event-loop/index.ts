export * from './event-loop';
