import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsOptional, IsString, Matches } from 'class-validator';
import {
  AWS_EXTERNAL_ID_PATTERN,
  AWS_REGION_PATTERN,
  AWS_ROLE_ARN_PATTERN,
  type AwsIntegrationRequest,
} from '@infra/contracts';

/** More than every region AWS has today; bounds the work of one sync. */
const REGIONS_MAX = 50;

export class AwsIntegrationRequestDto implements AwsIntegrationRequest {
  @ApiProperty({ example: 'arn:aws:iam::123456789012:role/infra-analytics-read', pattern: AWS_ROLE_ARN_PATTERN.source })
  @IsString()
  @Matches(AWS_ROLE_ARN_PATTERN, {
    message: 'roleArn must be an IAM role ARN such as arn:aws:iam::123456789012:role/infra-analytics-read',
  })
  roleArn!: string;

  @ApiProperty({ example: 'c0ffee-7d3e-4f1a', pattern: AWS_EXTERNAL_ID_PATTERN.source })
  @IsString()
  @Matches(AWS_EXTERNAL_ID_PATTERN, {
    message: 'externalId must be 2 to 1224 characters of letters, digits and +=,.@:/-_',
  })
  externalId!: string;

  @ApiPropertyOptional({
    type: [String],
    example: ['us-east-1', 'eu-west-1'],
    description: 'Regions to sync; omitted or empty: every region enabled for the AWS account.',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(REGIONS_MAX)
  @ArrayUnique()
  @IsString({ each: true })
  @Matches(AWS_REGION_PATTERN, { each: true, message: 'regions must contain AWS region names such as eu-west-1' })
  regions?: string[];
}
