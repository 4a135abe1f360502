// `node dist/libs/messaging/src/replay-dead-letters.js --topic <topic> [--consumer <name>] [--event <id>]
// [--include-invalid] [--dry-run]`: sends a topic's dead letters back to it (see `replayDeadLetters`), as the
// brokers' admin (KAFKA_USERNAME / KAFKA_PASSWORD of a super user). Locally `npm run dlq:replay -- …` finds the
// local broker and its admin; in Kubernetes run it in a service's image with the provisioning job's credentials.
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { CommonEnv, loadConfig, runMain } from '@infra/platform';
import { replayDeadLetters } from './dead-letter-replay';
import { kafkaSettingsOf } from './kafka-options';

runMain(async () => {
  const { values } = parseArgs({
    options: {
      topic: { type: 'string' },
      consumer: { type: 'string' },
      event: { type: 'string' },
      'include-invalid': { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
    },
  });
  if (!values.topic) {
    process.stderr.write(
      'usage: --topic <source topic> [--consumer <name>] [--event <id>] [--include-invalid] [--dry-run]\n',
    );
    process.exitCode = 2;
    return;
  }
  const env = loadConfig(CommonEnv, { PORT: 1, KAFKA_CLIENT_ID: 'dlq-replay' });
  const report = await replayDeadLetters(kafkaSettingsOf(env), {
    topic: values.topic,
    consumer: values.consumer,
    eventId: values.event,
    includeInvalid: values['include-invalid'],
    dryRun: values['dry-run'],
  });
  for (const letter of report.letters)
    process.stdout.write(
      `${letter.action.padEnd(26)} ${report.deadLetterTopic} ${letter.partition}@${letter.offset} ` +
        `event ${letter.eventId ?? '-'} consumer ${letter.consumer ?? '-'} after ${letter.attempts} attempts: ` +
        `${letter.reason ?? ''}\n`,
    );
  const count = (action: string) => report.letters.filter((letter) => letter.action === action).length;
  process.stdout.write(
    `${report.deadLetterTopic}: ${report.letters.length} dead letters read since the last replay (${report.groupId}); ` +
      `${values['dry-run'] ? `${count('listed')} would be replayed` : `${count('replayed')} replayed`}\n`,
  );
});
