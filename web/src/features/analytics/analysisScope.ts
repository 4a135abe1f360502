import { TIME_HORIZON_QUERY } from '@infra/contracts';
import { useMemo } from 'react';
import { useAppSelector } from '../../app/hooks';
import { selectDashboardFilter, type DashboardFilterState, type FilterOption } from '../dashboard/dashboardFilterSlice';
import type { EntityKind } from '../dashboard/entityQueries';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import type { AnalysisArgs, AnalysisScope } from './analyticsApi';

/** A dashboard's data target (§3 target types): an asset, collection or view by id, or the organization. */
export type AnalyticsTarget = { kind: EntityKind; id: string } | { kind: 'organization' };

const ids = (options: readonly FilterOption[]) => options.map((option) => option.value);

/**
 * The scope a target's analyses ask about, with the applied filter: an asset has no filter; a collection is
 * narrowed by tags; a view (no routes of its own) and the organization ask the organization's with both lists.
 */
export function scopeOf(
  target: AnalyticsTarget,
  filter: { tags: readonly FilterOption[]; collections: readonly FilterOption[] },
): AnalysisScope {
  switch (target.kind) {
    case 'asset':
      return { kind: 'asset', id: target.id };
    case 'collection':
      return { kind: 'collection', id: target.id, tagIds: ids(filter.tags) };
    case 'view':
    case 'organization':
      return { kind: 'organization', tagIds: ids(filter.tags), collectionIds: ids(filter.collections) };
  }
}

/**
 * The scope for the analyses a collection has no route for (system ratings, business overview): the organization's,
 * filtered to the collection (and its tags). Assets and the organization keep their own.
 */
export function groupScopeOf(scope: AnalysisScope): AnalysisScope {
  return scope.kind === 'collection'
    ? { kind: 'organization', tagIds: scope.tagIds, collectionIds: [scope.id] }
    : scope;
}

/** The analysis arguments of a target under a filter and time horizon (the hook's, and the start-up prefetch's). */
export function analysisArgsOf(
  target: AnalyticsTarget,
  filter: Pick<DashboardFilterState, 'tags' | 'collections' | 'timeHorizon'>,
): AnalysisArgs {
  return { scope: scopeOf(target, filter), timeHorizon: TIME_HORIZON_QUERY[filter.timeHorizon] };
}

/**
 * The analysis arguments of a target under the applied filter and time horizon. Skipped without an organization
 * (§5); an asset or collection also needs its id, a view or the organization only the organization.
 */
export function useAnalysisArgs(target: AnalyticsTarget): { args: AnalysisArgs; skip: boolean } {
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const { tags, collections, timeHorizon } = useAppSelector(selectDashboardFilter);
  const { kind } = target;
  const id = 'id' in target ? target.id : '';
  const args = useMemo<AnalysisArgs>(
    () => analysisArgsOf(kind === 'organization' ? { kind } : { kind, id }, { tags, collections, timeHorizon }),
    [kind, id, tags, collections, timeHorizon],
  );
  const needsId = kind === 'asset' || kind === 'collection';
  return { args, skip: !organizationId || (needsId && !id) };
}
