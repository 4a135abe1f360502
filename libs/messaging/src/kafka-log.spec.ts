import { Logger } from '@nestjs/common';
import { logLevel } from 'kafkajs';
import { kafkaLogCreator } from './kafka-log';

describe('kafkaLogCreator', () => {
  let warn: jest.SpyInstance;
  let error: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  const entry = (message: string, extra: Record<string, unknown> = {}) => ({
    namespace: 'Connection',
    level: logLevel.ERROR,
    label: 'ERROR',
    log: { timestamp: '', logger: 'kafkajs', message, ...extra },
  });

  it('says the broker is away once per client per period, with the count of the lines held back', () => {
    let clock = 0;
    const log = kafkaLogCreator('inventory', () => clock)(logLevel.ERROR);
    // 50 s of two lines every 500 ms: one warning at 0 s, one at 30 s.
    for (let i = 0; i < 100; i += 1) {
      log(entry('Connection error: connect ECONNREFUSED 127.0.0.1:9092'));
      log(entry('Failed to connect to seed broker, trying another broker from the list: Connection error'));
      clock += 500;
    }
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[1][0]).toContain('and 119 more such lines in the last 30 s');
    expect(error).not.toHaveBeenCalled();
  });

  it('passes every other error through at its level, with its details', () => {
    const log = kafkaLogCreator('tagging', () => 0)(logLevel.ERROR);
    log(entry('Response Produce(key: 0, version: 7)', { error: 'The request included a message larger than the max' }));
    expect(error).toHaveBeenCalledWith(expect.stringContaining('message larger than the max'));
    expect(warn).not.toHaveBeenCalled();
  });
});
