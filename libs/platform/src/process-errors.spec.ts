import { EventEmitter } from 'node:events';
import { installProcessErrorHandlers } from './process-errors';

const ERROR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('process error handlers', () => {
  const setup = () => {
    const target = new EventEmitter();
    const logged: { details: Record<string, unknown>; message: string }[] = [];
    const exit = jest.fn();
    const remove = installProcessErrorHandlers({
      target,
      exit,
      logger: { error: (details, message) => logged.push({ details: details as Record<string, unknown>, message }) },
    });
    return { target, logged, exit, remove };
  };

  it('logs an unhandled rejection with an errorId and its stack, and keeps the process running', () => {
    const { target, logged, exit } = setup();
    const error = new Error('date/time field value out of range: "0000-01-01T00:00:00.000Z"');
    target.emit('unhandledRejection', error, Promise.resolve());
    target.emit('unhandledRejection', 'a plain reason', Promise.resolve());
    expect(exit).not.toHaveBeenCalled();
    expect(logged).toEqual([
      {
        message: expect.stringContaining('Unhandled promise rejection'),
        details: { errorId: expect.stringMatching(ERROR_ID), err: error, stack: error.stack },
      },
      {
        message: expect.stringContaining('Unhandled promise rejection'),
        details: { errorId: expect.stringMatching(ERROR_ID), err: 'a plain reason', stack: 'a plain reason' },
      },
    ]);
    expect(logged[0].details.errorId).not.toBe(logged[1].details.errorId);
  });

  it('logs an uncaught exception with an errorId and its stack, then exits with 1 for the supervisor', () => {
    const { target, logged, exit } = setup();
    const error = new TypeError('boom');
    target.emit('uncaughtException', error, 'uncaughtException');
    expect(logged).toEqual([
      {
        message: expect.stringContaining('Uncaught exception'),
        details: { errorId: expect.stringMatching(ERROR_ID), err: error, stack: error.stack },
      },
    ]);
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('can be removed', () => {
    const { target, remove } = setup();
    remove();
    expect(target.listenerCount('unhandledRejection')).toBe(0);
    expect(target.listenerCount('uncaughtException')).toBe(0);
  });
});
