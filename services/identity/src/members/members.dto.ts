import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsUUID } from 'class-validator';
import type { AccountRole } from '@infra/contracts';

export class ChangeRoleDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID()
  accountId!: string;

  @ApiProperty({ enum: ['User', 'Admin'] })
  @IsIn(['User', 'Admin'])
  role!: AccountRole;
}
