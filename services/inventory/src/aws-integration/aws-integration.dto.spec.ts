import { bodyErrorsOf } from '@infra/platform/testing';
import { AwsIntegrationRequestDto } from './aws-integration.dto';

const valid = { roleArn: 'arn:aws:iam::123456789012:role/infra-analytics-read', externalId: 'ia-7f3e9c21' };

// The pipe as the platform installs it (libs/platform/src/bootstrap.ts).
const errorsOf = (body: object) => bodyErrorsOf(AwsIntegrationRequestDto, body);

describe('AwsIntegrationRequestDto', () => {
  it.each([
    valid,
    { ...valid, roleArn: 'arn:aws-us-gov:iam::123456789012:role/ops/infra+analytics@read' },
    { ...valid, roleArn: 'arn:aws-cn:iam::123456789012:role/ReadOnly' },
    { ...valid, regions: [] },
    { ...valid, regions: ['us-east-1', 'eu-central-2', 'us-gov-west-1', 'cn-north-1', 'ap-southeast-5'] },
  ])('accepts %j', async (body) => {
    expect(await errorsOf(body)).toEqual([]);
  });

  it.each([
    ['a user ARN', 'arn:aws:iam::123456789012:user/alice'],
    ['an 11-digit account', 'arn:aws:iam::12345678901:role/read'],
    ['another service', 'arn:aws:s3:::bucket/role/read'],
    ['an unknown partition', 'arn:aws-xx:iam::123456789012:role/read'],
    ['no role name', 'arn:aws:iam::123456789012:role/'],
  ])('refuses %s as roleArn, naming the field', async (_, roleArn) => {
    expect(await errorsOf({ ...valid, roleArn })).toEqual([
      'roleArn must be an IAM role ARN such as arn:aws:iam::123456789012:role/infra-analytics-read',
    ]);
  });

  it.each([['x'], ['has space'], ['semi;colon'], ['a'.repeat(1225)], ['line\nbreak']])(
    'refuses externalId %j, naming the field',
    async (externalId) => {
      expect(await errorsOf({ ...valid, externalId })).toEqual([
        'externalId must be 2 to 1224 characters of letters, digits and +=,.@:/-_',
      ]);
    },
  );

  it.each([[['us-east-1', 'mars-north-1']], [['US-EAST-1']], [['eu-west']], [['']], [[42]]])(
    'refuses regions %j, naming the field',
    async (regions) => {
      expect(await errorsOf({ ...valid, regions })).toContain(
        'regions must contain AWS region names such as eu-west-1',
      );
    },
  );

  it('refuses a region listed twice and a missing field', async () => {
    expect(await errorsOf({ ...valid, regions: ['eu-west-1', 'eu-west-1'] })).toEqual([
      "All regions's elements must be unique",
    ]);
    expect(await errorsOf({ roleArn: valid.roleArn })).toEqual(
      expect.arrayContaining([expect.stringMatching(/^externalId /)]),
    );
  });

  it('refuses fields it does not know (credentials are never accepted)', async () => {
    expect(await errorsOf({ ...valid, secretAccessKey: 'abc' })).toEqual(['property secretAccessKey should not exist']);
  });
});
