export * from './all-exceptions.filter';
export * from './domain-error';
