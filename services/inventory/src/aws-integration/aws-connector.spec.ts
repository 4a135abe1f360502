import { AssumeRoleCommand, STSClient, STSServiceException } from '@aws-sdk/nested-clients/sts';
import { mockClient } from 'aws-sdk-client-mock';
import { ASSUME_ROLE_OUTPUT, EXTERNAL_ID, ROLE_ARN } from '../../test/fixtures/aws-ec2';
import { AwsConnector } from './aws-connector';
import { AwsAccessError } from './aws-errors';

const sts = mockClient(STSClient);
const role = { organizationId: '3f1b2c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', roleArn: ROLE_ARN, externalId: EXTERNAL_ID };
/** An AssumeRole answer whose session expires `minutes` from now. */
const sessionExpiringIn = (minutes: number, key: string) => ({
  ...ASSUME_ROLE_OUTPUT,
  Credentials: {
    ...ASSUME_ROLE_OUTPUT.Credentials!,
    AccessKeyId: key,
    Expiration: new Date(Date.now() + minutes * 60_000),
  },
});

let connector: AwsConnector;
beforeEach(() => {
  sts.reset();
  connector = new AwsConnector(role);
});
afterEach(() => connector.destroy());

describe('AwsConnector credentials', () => {
  it('assumes the role once for concurrent first calls and keeps the session while it is fresh', async () => {
    sts.on(AssumeRoleCommand).resolves(sessionExpiringIn(60, 'ASIAFIRST'));
    const sessions = await Promise.all([connector.credentials(), connector.credentials(), connector.credentials()]);
    expect(sessions.map((session) => session.accessKeyId)).toEqual(['ASIAFIRST', 'ASIAFIRST', 'ASIAFIRST']);
    expect((await connector.credentials()).accessKeyId).toBe('ASIAFIRST');
    expect(sts.commandCalls(AssumeRoleCommand)).toHaveLength(1);
  });

  it('renews a session that expires within five minutes', async () => {
    sts
      .on(AssumeRoleCommand)
      .resolvesOnce(sessionExpiringIn(4, 'ASIASHORT'))
      .resolvesOnce(sessionExpiringIn(60, 'ASIARENEWED'));
    await connector.credentials();
    expect((await connector.credentials()).accessKeyId).toBe('ASIARENEWED');
    expect(sts.commandCalls(AssumeRoleCommand)).toHaveLength(2);
  });

  it('does not remember a refusal: the next call assumes the role again', async () => {
    sts
      .on(AssumeRoleCommand)
      .rejectsOnce(
        new STSServiceException({
          name: 'AccessDenied',
          $fault: 'client',
          $metadata: {},
          message: `not authorized to perform: sts:AssumeRole on resource: ${ROLE_ARN}`,
        }),
      )
      .resolvesOnce(sessionExpiringIn(60, 'ASIALATER'));
    await expect(connector.credentials()).rejects.toBeInstanceOf(AwsAccessError);
    expect((await connector.credentials()).accessKeyId).toBe('ASIALATER');
  });
});
