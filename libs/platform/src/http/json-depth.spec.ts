import { Body, Controller, INestApplication, Post } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { AllExceptionsFilter } from '../errors';
import { jsonDepthExceeds, MAX_JSON_DEPTH, refuseDeepJson } from './json-depth';

const nested = (depth: number) => Buffer.from(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe('JSON depth scan', () => {
  it('accepts up to the limit and refuses one level more', () => {
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDepthExceeds(nested(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDepthExceeds(Buffer.from(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`))).toBe(true);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    expect(jsonDepthExceeds(Buffer.from(JSON.stringify({ text: '['.repeat(500) + '\\"{{{' })))).toBe(false);
  });
});

@Controller()
class EchoController {
  @Post('echo')
  echo(@Body() body: unknown): unknown {
    return body;
  }
}

describe('service JSON parsing refuses over-deep bodies', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      controllers: [EchoController],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    }).compile();
    const nest = moduleRef.createNestApplication<NestExpressApplication>({ logger: false, bodyParser: false });
    nest.useBodyParser('json', { verify: refuseDeepJson });
    app = nest;
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });

  afterAll(() => app.close());

  const post = (body: string) =>
    fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  it('answers 400 for JSON nested 5000 deep', async () => {
    const response = await post(`${'['.repeat(5000)}${']'.repeat(5000)}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ statusCode: 400, message: expect.stringContaining('deeper') });
  });

  it('still parses ordinary JSON', async () => {
    const response = await post('{"a":[1,{"b":2}]}');
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ a: [1, { b: 2 }] });
  });
});
