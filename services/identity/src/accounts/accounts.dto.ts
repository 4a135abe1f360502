import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, IsUUID, Matches, Max, MaxLength, Min, MinLength } from 'class-validator';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  ACCOUNT_SLUG_PATTERN,
  type CreateAccountRequest,
  PLAN_LIMITS,
} from '@infra/contracts';
import { IsIanaTimeZone, NoControlCharacters } from '@infra/platform';

/** An account's plan: only System Admins set it (at creation, or later with `PUT accounts/{id}`). */
class AccountPlanDto {
  @ApiPropertyOptional({ description: 'The plan (default Standard; System Admins only)' })
  @IsOptional()
  @IsString()
  @NoControlCharacters()
  @MinLength(1)
  @MaxLength(PLAN_LIMITS.nameMaxLength)
  plan?: string;

  @ApiPropertyOptional({ description: 'Assets the plan allows across the account (default 1000; System Admins only)' })
  @IsOptional()
  @IsInt()
  @Min(0)
  @Max(PLAN_LIMITS.assetLimitMax)
  assetLimit?: number;
}

export class CreateAccountDto extends AccountPlanDto implements CreateAccountRequest {
  @ApiProperty()
  @IsString()
  @NoControlCharacters()
  @MinLength(1)
  @MaxLength(ACCOUNT_NAME_MAX_LENGTH)
  name!: string;

  @ApiProperty()
  @Matches(ACCOUNT_SLUG_PATTERN, { message: 'slug must be lowercase letters, digits and hyphens' })
  slug!: string;

  @ApiPropertyOptional({ description: 'IANA time zone, e.g. Europe/Berlin (default UTC)' })
  @IsOptional()
  @IsIanaTimeZone()
  timeZone?: string;
}

export class UpdateAccountDto extends AccountPlanDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @NoControlCharacters()
  @MinLength(1)
  @MaxLength(120)
  name?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  ownerId?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  billingContactId?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID()
  technicalContactId?: string;

  @ApiPropertyOptional({ description: 'IANA time zone, e.g. Europe/Berlin' })
  @IsOptional()
  @IsIanaTimeZone()
  timeZone?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @NoControlCharacters()
  @MaxLength(2048)
  awsCrossAccountRoleArn?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  minWorkloadPercentThreshold?: number;

  @ApiPropertyOptional()
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  maxWorkloadPercentThreshold?: number;
}

/** The slug in `GET accounts/{slug}`: anything else cannot be an account (and must not reach the database). */
export const ACCOUNT_SLUG = ACCOUNT_SLUG_PATTERN;
