import {
  Body,
  CanActivate,
  Controller,
  ExecutionContext,
  Get,
  HttpCode,
  Injectable,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
  UseGuards,
} from '@nestjs/common';
import { ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  type AssetDto,
  INVENTORY_LIMITS,
  InventoryErrorCode,
  type Page,
  type SystemAttributesDto,
  type UpdateActiveStatusResponse,
  type UpsertAssetsResponse,
} from '@infra/contracts';
import { Access, Caller, CallerContext, tenantOf } from '@infra/platform';
import { inventoryError } from '../inventory.errors';
import { AssetListQueryDto, UpdateActiveStatusDto, UpsertAssetsDto, upsertAssetsBodyPipe } from './assets.dto';
import { AssetsService } from './assets.service';

/** 413 before 1000+ items are validated one by one (guards run before pipes). */
@Injectable()
class UpsertBatchSizeGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const body = context.switchToHttp().getRequest<{ body?: { assets?: unknown } }>().body;
    if (Array.isArray(body?.assets) && body.assets.length > INVENTORY_LIMITS.upsertBatchMax)
      throw inventoryError(InventoryErrorCode.BatchTooLarge);
    return true;
  }
}

@ApiTags('Assets')
@Controller('assets')
export class AssetsController {
  constructor(private readonly assets: AssetsService) {}

  @Put()
  @Access('organization-admin')
  @UseGuards(UpsertBatchSizeGuard)
  @ApiOperation({
    summary: 'Insert or replace up to 1000 assets by externalId, all or nothing (Admin).',
    description: 'Omitted attributes are cleared; an omitted status keeps the stored one (active for new assets).',
  })
  @ApiBody({ type: UpsertAssetsDto })
  upsert(
    @Caller() caller: CallerContext,
    // A type, not the class: the global pipe leaves it to upsertAssetsBodyPipe (judged a slice at a time).
    @Body(upsertAssetsBodyPipe()) body: Pick<UpsertAssetsDto, 'assets'>,
  ): Promise<UpsertAssetsResponse> {
    const tenant = tenantOf(caller);
    return this.assets.upsertForOrganization({ ...tenant, actorId: tenant.userId }, body.assets);
  }

  @Get()
  @ApiOperation({ summary: "A page of the organization's assets: sorted, searched, filtered by tags and collections." })
  list(@Caller() caller: CallerContext, @Query() query: AssetListQueryDto): Promise<Page<AssetDto>> {
    return this.assets.list(tenantOf(caller), query);
  }

  @Post('update-active-status')
  @Access('organization-admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Set the status of a set of assets (Admin); all ids must be assets of the organization.' })
  updateStatus(
    @Caller() caller: CallerContext,
    @Body() body: UpdateActiveStatusDto,
  ): Promise<UpdateActiveStatusResponse> {
    return this.assets.updateStatus(tenantOf(caller), body.assetIds, body.status);
  }

  @Get(':id')
  @ApiOperation({ summary: 'One asset with its collections and tags.' })
  get(@Caller() caller: CallerContext, @Param('id', ParseUUIDPipe) id: string): Promise<AssetDto> {
    return this.assets.get(tenantOf(caller), id);
  }

  @Get(':id/system-attributes')
  @ApiOperation({ summary: "The asset's system attributes (instance type, cores, memory, …)." })
  systemAttributes(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<SystemAttributesDto> {
    return this.assets.systemAttributes(tenantOf(caller), id);
  }
}
