import { ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsEmail, IsIn, IsInt, IsOptional, IsString, IsUUID, Matches, MaxLength, MinLength } from 'class-validator';

export class CreateAccountDto {
  @IsString()
  @MinLength(1)
  @MaxLength(120)
  name!: string;

  @Matches(/^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/, { message: 'slug must be lowercase letters, digits and hyphens' })
  slug!: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  timeZone?: string;
}

export class UpdateAccountDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MinLength(1)
  @MaxLength(120)
  name?: string;

  @IsOptional()
  @IsUUID()
  ownerId?: string;

  @IsOptional()
  @IsUUID()
  billingContactId?: string;

  @IsOptional()
  @IsUUID()
  technicalContactId?: string;

  @IsOptional()
  @IsString()
  @MaxLength(64)
  timeZone?: string;

  @IsOptional()
  @IsString()
  @MaxLength(2048)
  awsCrossAccountRoleArn?: string;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  minWorkloadPercentThreshold?: number;

  @IsOptional()
  @Type(() => Number)
  @IsInt()
  maxWorkloadPercentThreshold?: number;
}

export class AddMemberDto {
  @IsUUID()
  accountId!: string;

  @IsEmail({}, { message: 'Enter a valid email address.' })
  @MaxLength(254)
  email!: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  firstName?: string;

  @IsOptional()
  @IsString()
  @MaxLength(100)
  lastName?: string;

  @IsIn(['User', 'Admin'])
  role!: 'User' | 'Admin';
}

export class ChangeRoleDto {
  @IsUUID()
  accountId!: string;

  @IsIn(['User', 'Admin'])
  role!: 'User' | 'Admin';
}

export class OrganizationDto {
  @IsString()
  @MinLength(1)
  @MaxLength(120)
  name!: string;

  @IsOptional() @IsString() @MaxLength(200) addressLineOne?: string;
  @IsOptional() @IsString() @MaxLength(200) addressLineTwo?: string;
  @IsOptional() @IsString() @MaxLength(100) city?: string;
  @IsOptional() @IsString() @MaxLength(100) state?: string;
  @IsOptional() @IsString() @MaxLength(20) zipCode?: string;
  @IsOptional() @IsString() @MaxLength(100) country?: string;
  @IsOptional() @IsString() @MaxLength(200) website?: string;
}

export class CreateOrganizationDto extends OrganizationDto {
  @IsUUID()
  accountId!: string;
}
