import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength, MinLength } from 'class-validator';

/** `?fileName=` of the validate and import calls; the service checks the name's rules (400 or a .csv issue). */
export class ImportFileQueryDto {
  @ApiProperty({ description: 'The uploaded file, e.g. tags.csv', maxLength: 1000 })
  @IsString()
  @MinLength(1)
  @MaxLength(1000)
  fileName!: string;
}
