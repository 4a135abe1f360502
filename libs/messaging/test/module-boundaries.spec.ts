// Proves the module-boundary lint rules of eslint.config.mjs: each fixture is linted as if it were a file at
// `file`, with the repository's real configuration (in a child process: ESLint loads its ESM config itself).
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../../..');

interface Fixture {
  file: string;
  code: string;
}

/** Lints each fixture with the import rules only (type-aware rules need files on disk) and returns the messages. */
function lint(fixtures: Fixture[]): string[][] {
  const script = `
    const { ESLint } = require('eslint');
    const path = require('node:path');
    const fixtures = JSON.parse(process.env.FIXTURES);
    const eslint = new ESLint({
      cwd: process.cwd(),
      ruleFilter: ({ ruleId }) => ruleId === 'boundaries/element-types' || ruleId === 'no-restricted-imports',
      overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
    });
    (async () => {
      const out = [];
      for (const { file, code } of fixtures) {
        const [result] = await eslint.lintText(code, { filePath: path.join(process.cwd(), file) });
        out.push(result.messages.map((m) => m.ruleId + ': ' + m.message));
      }
      process.stdout.write(JSON.stringify(out));
    })().catch((error) => { console.error(error); process.exit(1); });`;
  const output = execFileSync(process.execPath, ['-e', script], {
    cwd: ROOT,
    env: { ...process.env, FIXTURES: JSON.stringify(fixtures) },
    encoding: 'utf8',
  });
  return JSON.parse(output) as string[][];
}

const cases: { name: string; fixture: Fixture; refused: string | undefined }[] = [
  {
    name: 'a service importing another service by package name',
    fixture: {
      file: 'services/inventory/src/fixture.ts',
      code: `import { x } from '@infra/tagging-service/src/tagging.service-definition';`,
    },
    refused: "File is of type 'services' with name 'inventory'. Dependency is of type 'services' with name 'tagging'",
  },
  {
    name: 'a service importing another service by relative path',
    fixture: {
      file: 'services/inventory/src/assets/fixture.ts',
      code: `export * from '../../../tagging/src/tagging.service-definition';`,
    },
    refused: "File is of type 'services' with name 'inventory'. Dependency is of type 'services' with name 'tagging'",
  },
  {
    name: 'a service importing another service through the baseUrl',
    fixture: { file: 'services/events/src/fixture.ts', code: `const m = require('services/identity/src/main');` },
    refused: "File is of type 'services' with name 'events'. Dependency is of type 'services' with name 'identity'",
  },
  {
    name: 'a service importing the gateway',
    fixture: { file: 'services/analytics/src/fixture.ts', code: `import('../../../gateway/src/main');` },
    refused: "File is of type 'services' with name 'analytics'. Dependency is of type 'gateway'",
  },
  {
    name: 'a service importing the libs and its own files',
    fixture: {
      file: 'services/inventory/src/fixture.ts',
      code: `import { a } from '@infra/messaging';\nimport { b } from '@infra/jobs';\nimport { c } from '@infra/platform/testing';\nimport { d } from './app.module';\nimport { e } from 'bullmq';`,
    },
    refused: undefined,
  },
  {
    name: 'libs/platform importing libs/messaging',
    fixture: { file: 'libs/platform/src/fixture.ts', code: `import { InboxConsumer } from '@infra/messaging';` },
    refused: "File is of type 'libs' with name 'platform'. Dependency is of type 'libs' with name 'messaging'",
  },
  {
    name: 'libs/platform importing libs/jobs by relative path',
    fixture: { file: 'libs/platform/src/redis/fixture.ts', code: `import { JobsModule } from '../../../jobs/src';` },
    refused: "File is of type 'libs' with name 'platform'. Dependency is of type 'libs' with name 'jobs'",
  },
  {
    name: 'libs/jobs importing libs/messaging',
    fixture: { file: 'libs/jobs/src/fixture.ts', code: `import { EventPublisher } from '@infra/messaging';` },
    refused: "File is of type 'libs' with name 'jobs'. Dependency is of type 'libs' with name 'messaging'",
  },
  {
    name: 'libs/jobs importing libs/platform (the allowed direction)',
    fixture: { file: 'libs/jobs/src/fixture.ts', code: `import { REDIS } from '@infra/platform';` },
    refused: undefined,
  },
  {
    name: 'libs/contracts importing libs/platform',
    fixture: { file: 'libs/contracts/src/fixture.ts', code: `import { REDIS } from '@infra/platform';` },
    refused: "File is of type 'libs' with name 'contracts'. Dependency is of type 'libs' with name 'platform'",
  },
  {
    name: 'libs/contracts importing a service by relative path',
    fixture: {
      file: 'libs/contracts/src/fixture.ts',
      code: `import { x } from '../../../services/identity/src/main';`,
    },
    refused: "File is of type 'libs' with name 'contracts'. Dependency is of type 'services' with name 'identity'",
  },
  {
    name: 'libs/contracts importing a framework',
    fixture: { file: 'libs/contracts/src/fixture.ts', code: `import { Injectable } from '@nestjs/common';` },
    refused: 'no frameworks',
  },
  {
    name: 'libs/contracts importing its own files',
    fixture: { file: 'libs/contracts/src/fixture.ts', code: `import { TOPICS } from './topics';` },
    refused: undefined,
  },
  {
    name: 'a service subscribing with an untyped EventPattern',
    fixture: {
      file: 'services/tagging/src/assets/assets.consumer.ts',
      code: `import { Ctx, EventPattern } from '@nestjs/microservices';`,
    },
    refused: 'Subscribe with OnEvent(TOPICS.x)',
  },
  {
    name: 'a service writing to the outbox without the typed publisher',
    fixture: {
      file: 'services/tagging/src/tags/tags.service.ts',
      code: `import { writeOutboxEvent } from '@infra/messaging';`,
    },
    refused: 'Publish with EventPublisher.publish',
  },
  {
    name: 'the gateway importing a service',
    fixture: { file: 'gateway/src/fixture.ts', code: `import { x } from '@infra/identity-service/src/main';` },
    refused: "File is of type 'gateway'. Dependency is of type 'services' with name 'identity'",
  },
  {
    name: "the gateway's own web folder importing libs/platform (it is the gateway's, not the web app's)",
    fixture: { file: 'gateway/src/web/fixture.ts', code: `import { REDIS } from '@infra/platform';` },
    refused: undefined,
  },
  {
    name: 'the web app importing libs/platform',
    fixture: { file: 'web/src/fixture.ts', code: `import { REDIS } from '@infra/platform';` },
    refused: "File is of type 'web'. Dependency is of type 'libs' with name 'platform'",
  },
];

describe('module boundaries (eslint.config.mjs)', () => {
  let results: string[][];

  beforeAll(() => {
    results = lint(cases.map((c) => c.fixture));
  }, 60_000);

  it.each(cases.map((c, index) => [c.name, index] as const))('%s', (_name, index) => {
    const { refused } = cases[index];
    if (refused === undefined) expect(results[index]).toEqual([]);
    else expect(results[index]).toEqual([expect.stringContaining(refused)]);
  });
});
