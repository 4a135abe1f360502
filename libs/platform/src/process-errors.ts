import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';

/** Where the handlers log: the Nest logger, which is pino once the app uses nestjs-pino. */
export interface ProcessErrorLogger {
  error(details: object, message: string): void;
}

export interface ProcessErrorHandlerOptions {
  logger?: ProcessErrorLogger;
  /** The process to watch (tests pass an EventEmitter). */
  target?: NodeJS.EventEmitter;
  exit?: (code: number) => void;
}

/**
 * No request may stop a process. An unhandled rejection (a promise nobody awaited failed) is logged with an errorId
 * and its stack, and the process goes on: the request it belonged to has been answered or times out, and nothing
 * else shares its state. An uncaught exception is logged the same way, then the process exits with 1 so its
 * supervisor starts a fresh one: a synchronous throw escaped every frame, and Node's guidance is that the process
 * state may then be corrupt (half-done work, locks held), so carrying on is not safe.
 * Returns a function that removes the handlers.
 */
export function installProcessErrorHandlers(options: ProcessErrorHandlerOptions = {}): () => void {
  const logger = options.logger ?? new Logger('Process');
  const target = options.target ?? process;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const details = (error: unknown) => ({
    errorId: randomUUID(),
    err: error,
    stack: error instanceof Error ? error.stack : String(error),
  });
  const onRejection = (reason: unknown) => {
    logger.error(details(reason), 'Unhandled promise rejection (process continues)');
  };
  const onException = (error: unknown) => {
    logger.error(details(error), 'Uncaught exception: exiting so the supervisor restarts the process');
    // pino's asynchronous destination flushes on exit.
    exit(1);
  };
  target.on('unhandledRejection', onRejection);
  target.on('uncaughtException', onException);
  return () => {
    target.off('unhandledRejection', onRejection);
    target.off('uncaughtException', onException);
  };
}
