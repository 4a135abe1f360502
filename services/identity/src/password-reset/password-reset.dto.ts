import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';

export class RequestResetQueryDto {
  @ApiPropertyOptional({ description: 'Whose password to reset; omitted by a signed-in user resetting their own' })
  @IsOptional()
  @IsEmail({}, { message: 'Enter a valid email address.' })
  @MaxLength(254)
  email?: string;
}

export class CompleteResetDto {
  @ApiProperty()
  @IsString()
  @MinLength(10)
  @MaxLength(256)
  token!: string;

  /** Checked by the password rule (length, whitespace, common passwords) in the service. */
  @ApiProperty()
  @IsString()
  @MaxLength(1024)
  password!: string;
}
