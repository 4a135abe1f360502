import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class MfaCodeDto {
  @ApiProperty({ description: 'A current TOTP code, or a recovery code' })
  @IsString()
  @Length(6, 32)
  code!: string;
}
