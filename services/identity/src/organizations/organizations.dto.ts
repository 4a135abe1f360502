import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsString, IsUUID, MaxLength, MinLength, ValidateIf } from 'class-validator';
import { ORGANIZATION_FIELD_MAX_LENGTHS as MAX, type OrganizationRequest } from '@infra/contracts';
import { NoControlCharacters } from '@infra/platform';

/**
 * An optional free-text field of at most `max` characters. Absent is fine, null is not: `@IsOptional()` would let
 * null through to the NOT NULL column (a 500); an empty string clears the field.
 */
const OptionalText = (max: number) =>
  applyDecorators(
    ApiPropertyOptional({ maxLength: max }),
    ValidateIf((_, value) => value !== undefined),
    IsString(),
    NoControlCharacters(),
    MaxLength(max),
  );

export class OrganizationDto implements OrganizationRequest {
  @ApiProperty()
  @IsString()
  @NoControlCharacters()
  @MinLength(1)
  @MaxLength(MAX.name)
  name!: string;

  @OptionalText(MAX.addressLineOne) addressLineOne?: string;
  @OptionalText(MAX.addressLineTwo) addressLineTwo?: string;
  @OptionalText(MAX.city) city?: string;
  @OptionalText(MAX.state) state?: string;
  @OptionalText(MAX.zipCode) zipCode?: string;
  @OptionalText(MAX.country) country?: string;
  @OptionalText(MAX.website) website?: string;
}

export class CreateOrganizationDto extends OrganizationDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  accountId!: string;
}
