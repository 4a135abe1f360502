import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsUUID } from 'class-validator';

/** The most organizations one caller's search covers (a user's memberships; a System Admin searches everywhere). */
export const LOCATE_ORGANIZATIONS_MAX = 1000;

/** `POST internal/locate/{kind}/{id}` (the gateway's): the organizations the caller may open. */
export class LocateEntityDto {
  @ApiProperty({ type: [String], format: 'uuid', maxItems: LOCATE_ORGANIZATIONS_MAX })
  @IsArray()
  @ArrayMaxSize(LOCATE_ORGANIZATIONS_MAX)
  @IsUUID('all', { each: true })
  organizationIds!: string[];
}
