import { type ArgumentsHost, BadRequestException, ConflictException, HttpException, Logger } from '@nestjs/common';
import { MESSAGES } from '@infra/contracts';
import { AllExceptionsFilter, toErrorResponse } from './all-exceptions.filter';
import { domainErrors } from './domain-error';

const ERROR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the one error shape', () => {
  it('keeps the status and message of HTTP exceptions, with a fresh errorId', () => {
    const body = toErrorResponse(new ConflictException('Tag already exists'));
    expect(body).toEqual({
      statusCode: 409,
      message: 'Tag already exists',
      errorId: expect.stringMatching(ERROR_ID),
      code: 'CONFLICT',
    });
    expect(toErrorResponse(new ConflictException('x')).errorId).not.toBe(body.errorId);
  });

  it('joins validation messages', () => {
    const body = toErrorResponse(
      new BadRequestException({ message: ['name is too long', 'key must not contain spaces'] }),
    );
    expect(body.message).toBe('name is too long; key must not contain spaces');
  });

  it('passes client errors that middleware marks as safe to expose (body too large)', () => {
    const error = Object.assign(new Error('request entity too large'), { status: 413, expose: true });
    expect(toErrorResponse(error)).toMatchObject({ statusCode: 413, message: 'request entity too large' });
  });

  it('never leaks internal errors: 500 with the generic text', () => {
    expect(toErrorResponse(new Error('password authentication failed for user "postgres"'))).toMatchObject({
      statusCode: 500,
      message: MESSAGES.unknownError,
    });
    expect(toErrorResponse(new HttpException('Bad gateway', 502)).statusCode).toBe(502);
  });
});

describe('domain errors', () => {
  enum SampleCode {
    Missing = 'SAMPLE_MISSING',
    Broken = 'SAMPLE_BROKEN',
  }
  const sampleError = domainErrors<SampleCode>({
    [SampleCode.Missing]: { status: 404, message: 'Oops! Sample Not Found' },
    [SampleCode.Broken]: { status: 500, message: 'database said no' },
  });

  it('carry their code, status and catalogue message into the error body', () => {
    expect(toErrorResponse(sampleError(SampleCode.Missing))).toEqual({
      statusCode: 404,
      message: 'Oops! Sample Not Found',
      errorId: expect.stringMatching(ERROR_ID),
      code: 'SAMPLE_MISSING',
    });
  });

  it('never expose the message of a server-side domain error', () => {
    expect(toErrorResponse(sampleError(SampleCode.Broken))).toMatchObject({
      statusCode: 500,
      message: MESSAGES.unknownError,
      code: 'SAMPLE_BROKEN',
    });
  });

  it('give other errors a generic code from their status', () => {
    expect(toErrorResponse(new ConflictException('x')).code).toBe('CONFLICT');
    expect(toErrorResponse(new Error('boom')).code).toBe('INTERNAL');
  });
});

describe('database errors', () => {
  // What TypeORM throws: pg's error fields (code, severity) copied onto a QueryFailedError.
  const queryFailed = (code: string, message: string) =>
    Object.assign(new Error(message), { name: 'QueryFailedError', code, severity: 'ERROR', query: 'SELECT $1' });
  const pgError = (code: string, message: string) =>
    Object.assign(new Error(message), { name: 'error', code, severity: 'ERROR' });

  it.each([
    ['22008', 'date/time field value out of range: "0000-01-01T00:00:00.000Z"', 'date or time'],
    ['22007', 'invalid input syntax for type timestamp: "x"', 'date or time'],
    ['22003', 'value "1e+30" is out of range for type integer', 'number'],
    ['22P02', 'invalid input syntax for type json', 'invalid format'],
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00', 'characters'],
    ['22P05', 'unsupported Unicode escape sequence', 'characters'],
    ['22001', 'value too long for type character varying(255)', 'too long'],
  ])('maps data exception %s caused by input to 400 with a generic text', (code, message, says) => {
    for (const error of [queryFailed(code, message), pgError(code, message)]) {
      const body = toErrorResponse(error);
      expect(body).toEqual({
        statusCode: 400,
        message: expect.stringContaining(says),
        errorId: expect.stringMatching(ERROR_ID),
        code: 'BAD_REQUEST',
      });
      expect(body.message).not.toContain(message);
    }
  });

  it('keeps every other database error a 500 that does not leak', () => {
    for (const [code, message] of [
      ['23505', 'duplicate key value violates unique constraint "users_email_key"'],
      ['22012', 'division by zero'],
      ['42P01', 'relation "secret_table" does not exist'],
      ['57014', 'canceling statement due to statement timeout'],
    ]) {
      expect(toErrorResponse(queryFailed(code, message))).toMatchObject({
        statusCode: 500,
        message: MESSAGES.unknownError,
        code: 'INTERNAL',
      });
    }
  });

  it('maps a lost or refused database connection to 503 (try again), without its text', () => {
    for (const error of [
      queryFailed('57P01', 'terminating connection due to administrator command'),
      queryFailed('08006', 'connection failure'),
      pgError('57P03', 'the database system is starting up'),
      pgError('53300', 'sorry, too many clients already'),
      Object.assign(new Error('Connection terminated unexpectedly'), { name: 'QueryFailedError' }),
      new Error('timeout exceeded when trying to connect'),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      // The next statement of a transaction whose connection the pool released when it was terminated.
      Object.assign(new Error('Database connection provided by a query runner was already released'), {
        name: 'QueryRunnerProviderAlreadyReleasedError',
      }),
    ]) {
      expect(toErrorResponse(error)).toEqual({
        statusCode: 503,
        message: MESSAGES.unavailable,
        errorId: expect.stringMatching(ERROR_ID),
        code: 'UNAVAILABLE',
      });
    }
  });

  it('does not take a code of a non-database error for SQLSTATE', () => {
    expect(toErrorResponse(Object.assign(new Error('x'), { code: '22P02' })).statusCode).toBe(500);
  });
});

describe('AllExceptionsFilter', () => {
  const hostOf = (response: object) =>
    ({
      getType: () => 'http',
      switchToHttp: () => ({ getResponse: () => response, getRequest: () => ({ method: 'GET', url: '/assets' }) }),
    }) as unknown as ArgumentsHost;
  const responseOf = (state: { destroyed: boolean; writableEnded: boolean }) => {
    const json = jest.fn();
    return { ...state, headersSent: false, json, status: jest.fn(() => ({ json })) };
  };

  it('answers with the standard body and logs a server error as an error', () => {
    const filter = new AllExceptionsFilter();
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const response = responseOf({ destroyed: false, writableEnded: false });
    filter.catch(new Error('boom'), hostOf(response));
    expect(response.status).toHaveBeenCalledWith(500);
    expect(error).toHaveBeenCalledTimes(1);
    error.mockRestore();
  });

  it('logs a client that went away at info, not as an error, and writes nothing', () => {
    const filter = new AllExceptionsFilter();
    const error = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const info = jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    const prematureClose = Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' });
    // Closed before the answer, and (the gateway's relay of a service's answer) mid-pipe with `destroyed` still false.
    for (const response of [
      responseOf({ destroyed: true, writableEnded: false }),
      responseOf({ destroyed: false, writableEnded: false }),
    ]) {
      filter.catch(prematureClose, hostOf(response));
      expect(response.status.mock.calls.length).toBe(0);
    }
    expect([error.mock.calls.length, info.mock.calls.length]).toEqual([0, 2]);
    error.mockRestore();
    info.mockRestore();
  });
});
