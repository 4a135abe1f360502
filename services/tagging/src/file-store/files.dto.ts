import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';

/** The query of a signed file address; a missing or wrong part is a 403 from the signature check. */
export class SignedFileQueryDto {
  @ApiPropertyOptional({ description: 'Organization id' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  o?: string;

  @ApiPropertyOptional({ description: 'File name' })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  f?: string;

  @ApiPropertyOptional({ description: 'Expiry, Unix seconds' })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  e?: string;

  @ApiPropertyOptional({ description: 'HMAC-SHA256 signature (hex)' })
  @IsOptional()
  @IsString()
  @MaxLength(128)
  s?: string;
}
