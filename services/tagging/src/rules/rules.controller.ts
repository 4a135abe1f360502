import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { ApplyRuleResponse, RuleDto, RulePreviewDto } from '@infra/contracts';
import { Access, Caller, CallerContext } from '@infra/platform';
import { actorOf } from '../tenant';
import { RulePreviewRequestDto, SaveRuleDto } from './rules.dto';
import { RulesService } from './rules.service';

@ApiTags('Rules')
@Controller('rules')
export class RulesController {
  constructor(private readonly rules: RulesService) {}

  @Get()
  @ApiOperation({ summary: "The organization's business rules, by name." })
  list(@Caller() caller: CallerContext): Promise<RuleDto[]> {
    return this.rules.list(actorOf(caller));
  }

  // Before `rules/:id/…`: the literal segment.
  @Post('preview')
  @Access('organization-member')
  @HttpCode(200)
  @ApiOperation({ summary: 'The assets that conditions match now: the total and the first ones by name.' })
  preview(@Caller() caller: CallerContext, @Body() body: RulePreviewRequestDto): Promise<RulePreviewDto> {
    return this.rules.preview(actorOf(caller), body.conditions);
  }

  @Post()
  @Access('organization-admin')
  @HttpCode(201)
  @ApiOperation({
    summary: 'Create a rule (Admin): its tag is assigned to matching assets when they are upserted or on apply.',
    description: 'Rules only add tags: they never remove one (a user may have assigned it by hand).',
  })
  create(@Caller() caller: CallerContext, @Body() body: SaveRuleDto): Promise<RuleDto> {
    return this.rules.create(actorOf(caller), body);
  }

  @Put(':id')
  @Access('organization-admin')
  @ApiOperation({ summary: 'Replace a rule (Admin); assets it tagged before keep the tag.' })
  update(
    @Caller() caller: CallerContext,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: SaveRuleDto,
  ): Promise<RuleDto> {
    return this.rules.update(actorOf(caller), id, body);
  }

  @Delete(':id')
  @Access('organization-admin')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a rule (Admin); the tags it assigned stay.' })
  async delete(@Caller() caller: CallerContext, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    await this.rules.delete(actorOf(caller), id);
  }

  @Post(':id/apply')
  @Access('organization-admin')
  @HttpCode(200)
  @ApiOperation({ summary: "Assign the rule's tag to every asset matching it now (Admin)." })
  apply(@Caller() caller: CallerContext, @Param('id', ParseUUIDPipe) id: string): Promise<ApplyRuleResponse> {
    return this.rules.apply(actorOf(caller), id);
  }
}
