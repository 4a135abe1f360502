// `node dist/libs/messaging/src/provision-kafka.js`: creates the topics and sets every service's ACLs, as the
// brokers' admin (KAFKA_USERNAME / KAFKA_PASSWORD of a super user). `npm start` and `npm test` run it before the
// migrations; Compose and Kubernetes run it as a job before the services start.
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { CommonEnv, loadConfig, runMain } from '@infra/platform';
import { kafkaSettingsOf } from './kafka-options';
import { provisionKafka } from './kafka-provisioning';

runMain(async () => {
  // CommonEnv's PORT is a process's HTTP port: this job serves nothing.
  const env = loadConfig(CommonEnv, { PORT: 1, KAFKA_CLIENT_ID: 'kafka-provisioning' });
  const { added, removed } = await provisionKafka(kafkaSettingsOf(env));
  new Logger('Kafka').log(`topics ready; service ACLs: ${added} added, ${removed} removed`);
});
