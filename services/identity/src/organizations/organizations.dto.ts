import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, MaxLength, MinLength } from 'class-validator';
import { NoControlCharacters } from '@infra/platform';

export class OrganizationDto {
  @ApiProperty()
  @IsString()
  @NoControlCharacters()
  @MinLength(1)
  @MaxLength(120)
  name!: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @NoControlCharacters() @MaxLength(200) addressLineOne?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @NoControlCharacters() @MaxLength(200) addressLineTwo?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @NoControlCharacters() @MaxLength(100) city?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @NoControlCharacters() @MaxLength(100) state?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @NoControlCharacters() @MaxLength(20) zipCode?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @NoControlCharacters() @MaxLength(100) country?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() @NoControlCharacters() @MaxLength(200) website?: string;
}

export class CreateOrganizationDto extends OrganizationDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  accountId!: string;
}
