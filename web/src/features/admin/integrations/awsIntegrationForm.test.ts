import { AWS_ROLE_ARN_PATTERN } from '@infra/contracts';
import {
  awsValuesOf,
  generateExternalId,
  isSyncActive,
  parseRegions,
  toAwsIntegrationRequest,
  validateAwsIntegration,
} from './awsIntegrationForm';

const valid = {
  roleArn: 'arn:aws:iam::123456789012:role/infra-analytics-read',
  externalId: 'ia-7f3e9c21',
  regions: '',
};

describe('AWS integration form', () => {
  it("uses inventory's role ARN rule from the contracts", () => {
    expect(AWS_ROLE_ARN_PATTERN.test(valid.roleArn)).toBe(true);
  });

  it.each([
    valid.roleArn,
    'arn:aws-us-gov:iam::123456789012:role/ops/infra+analytics@read',
    'arn:aws-cn:iam::123456789012:role/ReadOnly',
    '  arn:aws:iam::123456789012:role/read  ',
  ])('accepts the role ARN %s', (roleArn) => {
    expect(validateAwsIntegration({ ...valid, roleArn })).toEqual({});
  });

  it.each([
    ['a user ARN', 'arn:aws:iam::123456789012:user/alice'],
    ['an 11-digit account', 'arn:aws:iam::12345678901:role/read'],
    ['another service', 'arn:aws:s3:::bucket/role/read'],
    ['an unknown partition', 'arn:aws-xx:iam::123456789012:role/read'],
    ['no role name', 'arn:aws:iam::123456789012:role/'],
    ['a space inside', 'arn:aws:iam::123456789012:role/read only'],
  ])('refuses %s', (_, roleArn) => {
    expect(validateAwsIntegration({ ...valid, roleArn })).toEqual({ roleArn: 'invalid' });
  });

  it('requires the role ARN and the external id, and checks the external id', () => {
    expect(validateAwsIntegration({ roleArn: '', externalId: ' ', regions: '' })).toEqual({
      roleArn: 'required',
      externalId: 'required',
    });
    expect(validateAwsIntegration({ ...valid, externalId: 'x' })).toEqual({ externalId: 'invalid' });
    expect(validateAwsIntegration({ ...valid, externalId: 'has space' })).toEqual({ externalId: 'invalid' });
    expect(validateAwsIntegration({ ...valid, externalId: 'x'.repeat(1225) })).toEqual({ externalId: 'invalid' });
  });

  it('takes optional regions separated by commas or spaces, each an AWS region name', () => {
    expect(parseRegions(' us-east-1, eu-west-1  us-east-1 ,')).toEqual(['us-east-1', 'eu-west-1']);
    expect(validateAwsIntegration({ ...valid, regions: 'us-east-1, us-gov-west-1' })).toEqual({});
    expect(validateAwsIntegration({ ...valid, regions: 'us-east-1, Europe' })).toEqual({ regions: 'invalid' });
    const tooMany = Array.from({ length: 51 }, (_, index) => `us-east-${index}`).join(',');
    expect(validateAwsIntegration({ ...valid, regions: tooMany })).toEqual({ regions: 'invalid' });
  });

  it('sends trimmed values and the regions as a list; fills in from a stored integration', () => {
    expect(toAwsIntegrationRequest({ ...valid, roleArn: ` ${valid.roleArn} `, regions: 'eu-west-1' })).toEqual({
      roleArn: valid.roleArn,
      externalId: 'ia-7f3e9c21',
      regions: ['eu-west-1'],
    });
    expect(awsValuesOf(null)).toEqual({ roleArn: '', externalId: '', regions: '' });
  });

  it('generates external ids the rule accepts, each different', () => {
    const first = generateExternalId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(validateAwsIntegration({ ...valid, externalId: first })).toEqual({});
    expect(generateExternalId()).not.toBe(first);
  });

  it('polls while a sync is queued or running only', () => {
    expect(['never', 'queued', 'running', 'succeeded', 'failed'].map((state) => isSyncActive(state as never))).toEqual([
      false,
      true,
      true,
      false,
      false,
    ]);
  });
});
