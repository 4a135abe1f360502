import { ApiProperty } from '@nestjs/swagger';
import { IsObject, IsString, MaxLength } from 'class-validator';
import { CUSTOM_DATA_LIMITS } from '@infra/contracts';
import { NoControlCharacters } from '@infra/platform';

export class AcceptTermsDto {
  @ApiProperty()
  @IsString()
  @NoControlCharacters()
  @MaxLength(32)
  termsVersion!: string;

  @ApiProperty()
  @IsString()
  @NoControlCharacters()
  @MaxLength(32)
  privacyVersion!: string;
}

export class CustomDataDto {
  @ApiProperty({
    description: `Merged key by key into the stored data; at most ${CUSTOM_DATA_LIMITS.perCallBytes} bytes per call and ${CUSTOM_DATA_LIMITS.totalBytes} in total (serialized JSON).`,
  })
  @IsObject()
  data!: Record<string, unknown>;
}
