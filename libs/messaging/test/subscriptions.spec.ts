// The brokers' ACLs are made from SUBSCRIPTIONS (libs/contracts), the consumers from each service's @OnEvent
// handlers: a handler whose topic the list lacks would be refused by the broker at start, a listed topic nobody
// handles would be read for nothing. Both must name the same topics.
import fs from 'node:fs';
import path from 'node:path';
import { AclOperationTypes, AclResourceTypes, ResourcePatternTypes } from 'kafkajs';
import { SERVICES, SUBSCRIPTIONS, TOPICS } from '@infra/contracts';
import { serviceAcls } from '../src/kafka-provisioning';

const ROOT = path.resolve(__dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [full] : [];
  });
}

function handledTopics(service: string): string[] {
  const keys = sourceFiles(path.join(ROOT, 'services', service, 'src')).flatMap((file) =>
    [...fs.readFileSync(file, 'utf8').matchAll(/@OnEvent\(TOPICS\.(\w+)\)/g)].map((match) => match[1]!),
  );
  return [...new Set(keys.map((key) => TOPICS[key as keyof typeof TOPICS]))].sort();
}

describe('SUBSCRIPTIONS', () => {
  it.each(SERVICES)("lists exactly the topics of %s's @OnEvent handlers", (service) => {
    expect([...SUBSCRIPTIONS[service]].sort()).toEqual(handledTopics(service));
  });
});

describe('serviceAcls', () => {
  it('lets a service write its own namespace, read what it consumes, write those dead-letter topics, and use its group', () => {
    // kafkajs's enums are plain objects at run time (no reverse mapping).
    const name = (values: object, value: number) => Object.entries(values).find(([, v]) => v === value)?.[0];
    const summary = serviceAcls('identity').map((acl) =>
      [
        name(AclOperationTypes, acl.operation),
        name(AclResourceTypes, acl.resourceType),
        name(ResourcePatternTypes, acl.resourcePatternType),
        acl.resourceName,
        acl.principal,
      ].join(' '),
    );
    expect(summary).toEqual([
      'WRITE TOPIC PREFIXED identity. User:identity',
      'DESCRIBE TOPIC PREFIXED identity. User:identity',
      'READ TOPIC LITERAL inventory.aws-integration.changed.v1 User:identity',
      'DESCRIBE TOPIC LITERAL inventory.aws-integration.changed.v1 User:identity',
      'WRITE TOPIC LITERAL inventory.aws-integration.changed.v1.dlq User:identity',
      'DESCRIBE TOPIC LITERAL inventory.aws-integration.changed.v1.dlq User:identity',
      'READ GROUP LITERAL identity User:identity',
    ]);
  });
});
