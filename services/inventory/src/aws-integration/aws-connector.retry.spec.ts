// The real SDK stack against a local endpoint (no client mocks): AssumeRole and EC2 answer with AWS's own
// throttling errors first, and the connector's retry strategy carries the sync through them.
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AssetUpsertItem } from '@infra/contracts';
import { EXTERNAL_ID, ROLE_ARN } from '../../test/fixtures/aws-ec2';
import type { AssetSink } from './asset-sink';
import { AwsConnector } from './aws-connector';
import type { AwsIntegration } from './aws-integration.entity';
import { Ec2InventorySync } from './ec2-inventory-sync';

const SESSION_TOKEN = 'IQoJb3JpZ2luX2VjEXAMPLESESSIONTOKEN';

const xml = {
  assumeRole: `<AssumeRoleResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
  <AssumeRoleResult>
    <Credentials>
      <AccessKeyId>ASIATESTASSUMEDKEY01</AccessKeyId>
      <SecretAccessKey>assumed/secret/KEYvalue0000000000000000</SecretAccessKey>
      <SessionToken>${SESSION_TOKEN}</SessionToken>
      <Expiration>${new Date(Date.now() + 3600 * 1000).toISOString()}</Expiration>
    </Credentials>
    <AssumedRoleUser>
      <AssumedRoleId>AROATESTROLEID0000001:infra-analytics</AssumedRoleId>
      <Arn>arn:aws:sts::210987654321:assumed-role/infra-analytics-read/infra-analytics</Arn>
    </AssumedRoleUser>
  </AssumeRoleResult>
  <ResponseMetadata><RequestId>b1f3c5e7-0a2b-4c6d-8e0f-1a3b5c7d9e1f</RequestId></ResponseMetadata>
</AssumeRoleResponse>`,
  stsThrottling: `<ErrorResponse xmlns="https://sts.amazonaws.com/doc/2011-06-15/">
  <Error><Type>Sender</Type><Code>Throttling</Code><Message>Rate exceeded</Message></Error>
  <RequestId>0f9e8d7c-6b5a-4938-8271-6a5b4c3d2e1f</RequestId>
</ErrorResponse>`,
  ec2Error: (code: string, message: string) =>
    `<?xml version="1.0" encoding="UTF-8"?>
<Response><Errors><Error><Code>${code}</Code><Message>${message}</Message></Error></Errors><RequestID>7a6b5c4d-3e2f-4a1b-9c8d-7e6f5a4b3c2d</RequestID></Response>`,
  describeInstances: `<DescribeInstancesResponse xmlns="http://ec2.amazonaws.com/doc/2016-11-15/">
  <requestId>9b2c7a4e-1f3d-4e5a-8b6c-0d1e2f3a4b5c</requestId>
  <reservationSet>
    <item>
      <reservationId>r-0123456789abcdef0</reservationId>
      <ownerId>210987654321</ownerId>
      <instancesSet>
        <item>
          <instanceId>i-0123456789abcdef0</instanceId>
          <imageId>ami-0c1c30571d2dae5c9</imageId>
          <instanceState><code>16</code><name>running</name></instanceState>
          <instanceType>m5.large</instanceType>
          <placement><availabilityZone>eu-west-1a</availabilityZone><tenancy>default</tenancy></placement>
          <tagSet><item><key>Name</key><value>web-1</value></item></tagSet>
        </item>
      </instancesSet>
    </item>
  </reservationSet>
</DescribeInstancesResponse>`,
  describeInstanceTypes: `<DescribeInstanceTypesResponse xmlns="http://ec2.amazonaws.com/doc/2016-11-15/">
  <requestId>3e4f5a6b-7c8d-4e9f-a0b1-c2d3e4f5a6b7</requestId>
  <instanceTypeSet>
    <item>
      <instanceType>m5.large</instanceType>
      <currentGeneration>true</currentGeneration>
      <processorInfo><supportedArchitectures><item>x86_64</item></supportedArchitectures><sustainedClockSpeedInGhz>3.1</sustainedClockSpeedInGhz><manufacturer>Intel</manufacturer></processorInfo>
      <vCpuInfo><defaultVCpus>2</defaultVCpus></vCpuInfo>
      <memoryInfo><sizeInMiB>8192</sizeInMiB></memoryInfo>
      <instanceStorageSupported>false</instanceStorageSupported>
      <networkInfo><networkPerformance>Up to 10 Gigabit</networkPerformance></networkInfo>
    </item>
  </instanceTypeSet>
</DescribeInstanceTypesResponse>`,
};

interface Seen {
  action: string;
  authorization: string;
  securityToken?: string;
}

/** Answers each action from a script: the next scripted error, else the success body. */
function fakeAws(script: Record<string, { status: number; body: string }[]>, seen: Seen[]): Server {
  const success: Record<string, string> = {
    AssumeRole: xml.assumeRole,
    DescribeInstances: xml.describeInstances,
    DescribeInstanceTypes: xml.describeInstanceTypes,
  };
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    for await (const chunk of request) body += String(chunk);
    const action = new URLSearchParams(body).get('Action') ?? '';
    seen.push({
      action,
      authorization: request.headers.authorization ?? '',
      securityToken: request.headers['x-amz-security-token'] as string | undefined,
    });
    const failure = script[action]?.shift();
    response.writeHead(failure?.status ?? (success[action] ? 200 : 400), { 'content-type': 'text/xml' });
    response.end(failure?.body ?? success[action] ?? xml.ec2Error('InvalidAction', action));
  };
  return createServer((request, response) => void answer(request, response));
}

describe('AwsConnector retries (real SDK, local endpoint)', () => {
  const saved = { ...process.env };
  let server: Server;
  const seen: Seen[] = [];

  beforeAll(async () => {
    server = fakeAws(
      {
        AssumeRole: [{ status: 400, body: xml.stsThrottling }],
        DescribeInstances: [
          { status: 503, body: xml.ec2Error('RequestLimitExceeded', 'Request limit exceeded.') },
          { status: 400, body: xml.ec2Error('ThrottlingException', 'Rate exceeded') },
        ],
      },
      seen,
    );
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    Object.assign(process.env, {
      AWS_ENDPOINT_URL_STS: endpoint,
      AWS_ENDPOINT_URL_EC2: endpoint,
      // The product's own credentials: used for AssumeRole only.
      AWS_ACCESS_KEY_ID: 'AKIAPRODUCTBASEKEY01',
      AWS_SECRET_ACCESS_KEY: 'product/base/secret000000000000000000000',
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_CONFIG_FILE: '/nonexistent',
      AWS_SHARED_CREDENTIALS_FILE: '/nonexistent',
    });
  });

  afterAll(async () => {
    process.env = saved;
    server.close();
    await once(server, 'close');
  });

  it('rides out Throttling, RequestLimitExceeded and ThrottlingException, signing EC2 calls as the assumed role', async () => {
    const written: AssetUpsertItem[] = [];
    const sink: AssetSink = {
      upsertForOrganization: async (_, items) => {
        written.push(...items);
        return { created: items.length, updated: 0, results: [] };
      },
    };
    const integration = {
      organizationId: '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b',
      accountId: '3f4a5b6c-7d8e-4f9a-0b1c-2d3e4f5a6b7c',
      roleArn: ROLE_ARN,
      externalId: EXTERNAL_ID,
      regions: ['eu-west-1'],
      configuredBy: '4a5b6c7d-8e9f-4a0b-1c2d-3e4f5a6b7c8d',
    } as AwsIntegration;

    const connector = new AwsConnector(integration);
    const { counts } = await new Ec2InventorySync(sink).run(connector, integration).finally(() => connector.destroy());

    expect(counts).toEqual({ created: 1, updated: 0, seen: 1 });
    expect(written).toEqual([
      expect.objectContaining({ externalId: 'i-0123456789abcdef0', name: 'web-1', status: 'active', cpu_cores: 2 }),
    ]);
    expect(seen.map((request) => request.action)).toEqual([
      'AssumeRole',
      'AssumeRole',
      'DescribeInstances',
      'DescribeInstances',
      'DescribeInstances',
      'DescribeInstanceTypes',
    ]);
    const [assumeRole, ...ec2Calls] = seen.slice(1);
    expect(assumeRole.authorization).toContain('Credential=AKIAPRODUCTBASEKEY01/');
    for (const call of ec2Calls) {
      expect(call.authorization).toContain('Credential=ASIATESTASSUMEDKEY01/');
      expect(call.securityToken).toBe(SESSION_TOKEN);
    }
  }, 30_000);
});
