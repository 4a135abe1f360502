import { Body, Controller, Get, INestApplication, Post, Query } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { AllExceptionsFilter } from '../errors';
import { refuseDeepJson } from './json-depth';
import { hasUnsafeText, refuseUnsafeText, unsafeTextPath } from './unsafe-text';

const ERROR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('unsafe text', () => {
  it('is NUL or an unpaired surrogate; paired surrogates (emoji) and other text are fine', () => {
    expect(['\u0000', 'a\ud800', '\ud800b', '\udc00', 'x\udc00\ud800'].map(hasUnsafeText)).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['', 'plain', 'emoji 😀', 'Zürich \ud83d\ude00 東京', '\u0001'].map(hasUnsafeText)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('names the path of the first unsafe string, keys included', () => {
    expect(unsafeTextPath({ assets: [{ name: 'ok' }, { name: 'bad\ud800' }] })).toBe('assets.1.name');
    expect(unsafeTextPath({ customData: { nested: { '\u0000': 1 } } })).toBe('customData.nested');
    expect(unsafeTextPath('\ud800')).toBe('value');
    expect(unsafeTextPath({ a: [1, null, true, { b: 'fine' }] })).toBeUndefined();
  });

  it('leaves a body kept as bytes (an uploaded file) to the file checks, without walking its bytes', () => {
    const next = jest.fn();
    const file = Buffer.from('key,value\nk,w\0\n');
    const entries = jest.spyOn(Object, 'entries');
    refuseUnsafeText({ query: {}, body: file } as never, {} as never, next);
    expect(next).toHaveBeenCalledWith();
    expect(entries).not.toHaveBeenCalledWith(file);
    entries.mockRestore();
  });
});

@Controller()
class EchoController {
  @Post('echo')
  echo(@Body() body: unknown): unknown {
    return body;
  }

  @Get('echo')
  query(@Query() query: unknown): unknown {
    return query;
  }
}

describe('services refuse unsafe text in bodies and queries', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [EchoController],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    }).compile();
    const nest = moduleRef.createNestApplication<NestExpressApplication>({ logger: false, bodyParser: false });
    nest.useBodyParser('json', { verify: refuseDeepJson });
    nest.use(refuseUnsafeText);
    app = nest;
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });

  afterAll(() => app.close());

  const post = (body: string) =>
    fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it.each([
    ['{"name":"\\ud800"}', 'name'],
    ['{"assets":[{"externalId":"x\\udfff"}]}', 'assets.0.externalId'],
    ['{"customData":{"note":"a\\u0000b"}}', 'customData.note'],
  ])('answers 400 with the standard body naming the field for %s', async (body, field) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      statusCode: 400,
      message: `${field} must not contain control characters or unpaired UTF-16 surrogates`,
      errorId: expect.stringMatching(ERROR_ID),
      code: 'BAD_REQUEST',
    });
  });

  it('answers 400 for a NUL in a query parameter', async () => {
    const response = await fetch(`${base}/echo?search=a%00b`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('search') });
  });

  it('passes ordinary text, emoji included', async () => {
    const response = await post('{"name":"Zürich \\ud83d\\ude00"}');
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ name: 'Zürich 😀' });
    expect((await fetch(`${base}/echo?search=caf%C3%A9`)).status).toBe(200);
  });
});
