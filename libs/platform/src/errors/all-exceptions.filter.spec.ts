import { BadRequestException, ConflictException, HttpException } from '@nestjs/common';
import { MESSAGES } from '@infra/contracts';
import { toErrorResponse } from './all-exceptions.filter';

const ERROR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('the one error shape', () => {
  it('keeps the status and message of HTTP exceptions, with a fresh errorId', () => {
    const body = toErrorResponse(new ConflictException('Tag already exists'));
    expect(body).toEqual({ statusCode: 409, message: 'Tag already exists', errorId: expect.stringMatching(ERROR_ID) });
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
