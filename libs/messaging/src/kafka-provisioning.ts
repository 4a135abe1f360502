import {
  AclEntry,
  AclOperationTypes,
  AclPermissionTypes,
  AclResourceTypes,
  Admin,
  Kafka,
  ResourcePatternTypes,
} from 'kafkajs';
import { ALL_TOPICS, deadLetterTopic, SERVICES, SUBSCRIPTIONS, type ServiceName } from '@infra/contracts';
import { kafkaClientConfig, KafkaSettings } from './kafka-options';
import { ensureTopics } from './topics-admin';

/** The Kafka principal a service signs in as (its SASL user is named after it). */
export const kafkaPrincipalOf = (service: ServiceName) => `User:${service}`;

const allow = (
  principal: string,
  resourceType: AclResourceTypes,
  resourceName: string,
  resourcePatternType: ResourcePatternTypes,
  operations: AclOperationTypes[],
): AclEntry[] =>
  operations.map((operation) => ({
    principal,
    host: '*',
    resourceType,
    resourceName,
    resourcePatternType,
    operation,
    permissionType: AclPermissionTypes.ALLOW,
  }));

/**
 * What a service's user may do, and nothing more: write the topics it owns (`<service>.…`), read the topics it
 * consumes and write their dead-letter topics, and commit offsets in its own consumer group (named after it).
 * Creating, deleting or reconfiguring topics is the admin's (provisioning).
 */
export function serviceAcls(service: ServiceName): AclEntry[] {
  const principal = kafkaPrincipalOf(service);
  const { TOPIC, GROUP } = AclResourceTypes;
  const { LITERAL, PREFIXED } = ResourcePatternTypes;
  const { READ, WRITE, DESCRIBE } = AclOperationTypes;
  return [
    ...allow(principal, TOPIC, `${service}.`, PREFIXED, [WRITE, DESCRIBE]),
    ...SUBSCRIPTIONS[service].flatMap((topic) => [
      ...allow(principal, TOPIC, topic, LITERAL, [READ, DESCRIBE]),
      ...allow(principal, TOPIC, deadLetterTopic(topic), LITERAL, [WRITE, DESCRIBE]),
    ]),
    ...allow(principal, GROUP, service, LITERAL, [READ]),
  ];
}

const aclKey = (acl: AclEntry) =>
  [acl.principal, acl.resourceType, acl.resourceName, acl.resourcePatternType, acl.operation, acl.permissionType].join(
    '|',
  );

async function aclsOf(admin: Admin, principal: string): Promise<AclEntry[]> {
  const { resources } = await admin.describeAcls({
    principal,
    resourceType: AclResourceTypes.ANY,
    resourcePatternType: ResourcePatternTypes.ANY,
    operation: AclOperationTypes.ANY,
    permissionType: AclPermissionTypes.ANY,
  });
  return resources.flatMap(({ acls, ...resource }) => acls.map((acl) => ({ ...resource, ...acl })));
}

/** How a service's ACLs on the broker differ from `serviceAcls(service)`. */
async function aclDifference(admin: Admin, service: ServiceName): Promise<{ missing: AclEntry[]; extra: AclEntry[] }> {
  const wanted = serviceAcls(service);
  const present = await aclsOf(admin, kafkaPrincipalOf(service));
  const presentKeys = new Set(present.map(aclKey));
  const wantedKeys = new Set(wanted.map(aclKey));
  return {
    missing: wanted.filter((acl) => !presentKeys.has(aclKey(acl))),
    extra: present.filter((acl) => !wantedKeys.has(aclKey(acl))),
  };
}

/**
 * Makes each service's ACLs exactly `serviceAcls(service)`: missing ones are added, any other ACL of its principal
 * (a subscription since dropped, a grant made by hand) is removed. Returns how many were added and removed.
 */
export async function reconcileServiceAcls(admin: Admin): Promise<{ added: number; removed: number }> {
  let added = 0;
  let removed = 0;
  for (const service of SERVICES) {
    const { missing, extra } = await aclDifference(admin, service);
    if (missing.length > 0) await admin.createAcls({ acl: missing });
    if (extra.length > 0) await admin.deleteAcls({ filters: extra });
    added += missing.length;
    removed += extra.length;
  }
  if (added + removed > 0) await aclsInEffect(admin);
  return { added, removed };
}

/**
 * Waits until the broker's authorizer reports every service's ACLs: a change is applied through the metadata log a
 * moment after the request returns, and a service started in that moment would be refused its own topics.
 */
async function aclsInEffect(admin: Admin, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let pending = 0;
    for (const service of SERVICES) {
      const { missing, extra } = await aclDifference(admin, service);
      if (missing.length + extra.length > 0) pending += 1;
    }
    if (pending === 0) return;
    if (Date.now() > deadline)
      throw new Error(`the ACLs of ${pending} service(s) are not in effect after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Provisioning, as the brokers' admin: every topic of libs/contracts with its dead-letter topic, and every service's
 * ACLs. Run before the services start (`npm start`, `npm test`, the Kubernetes and Compose set-up jobs); the
 * services' own users may not create topics.
 */
export async function provisionKafka(settings: KafkaSettings): Promise<{ added: number; removed: number }> {
  await ensureTopics(settings, ALL_TOPICS);
  const admin = new Kafka(kafkaClientConfig(settings)).admin();
  await admin.connect();
  try {
    return await reconcileServiceAcls(admin);
  } finally {
    await admin.disconnect();
  }
}
