import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsUUID } from 'class-validator';
import type { SidebarItemType } from '@infra/contracts';

export const SIDEBAR_ITEM_TYPES: readonly SidebarItemType[] = ['collection', 'view', 'asset'];

export class ToggleFavoriteDto {
  @ApiProperty({ enum: SIDEBAR_ITEM_TYPES })
  @IsIn(SIDEBAR_ITEM_TYPES)
  type!: SidebarItemType;

  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  id!: string;

  @ApiProperty()
  @IsBoolean()
  favorite!: boolean;
}
