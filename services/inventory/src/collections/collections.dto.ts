import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsOptional, IsString, IsUUID, Matches, MaxLength, MinLength } from 'class-validator';
import { INVENTORY_LIMITS } from '@infra/contracts';
import { NoControlCharacters } from '@infra/platform';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);

export class RenameCollectionDto {
  @ApiProperty({ maxLength: INVENTORY_LIMITS.collectionNameMaxLength })
  @Transform(trimmed)
  @IsString()
  @NoControlCharacters()
  @MinLength(1)
  @MaxLength(INVENTORY_LIMITS.collectionNameMaxLength)
  @Matches(/\S/, { message: 'name must not be blank' })
  name!: string;
}

export class CreateCollectionDto extends RenameCollectionDto {
  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: INVENTORY_LIMITS.idsPerCallMax })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(INVENTORY_LIMITS.idsPerCallMax)
  @IsUUID('all', { each: true })
  assetIds?: string[];
}

export class ChangeCollectionAssetsDto {
  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: INVENTORY_LIMITS.idsPerCallMax })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(INVENTORY_LIMITS.idsPerCallMax)
  @IsUUID('all', { each: true })
  add?: string[];

  @ApiPropertyOptional({ type: [String], format: 'uuid', maxItems: INVENTORY_LIMITS.idsPerCallMax })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(INVENTORY_LIMITS.idsPerCallMax)
  @IsUUID('all', { each: true })
  remove?: string[];
}
