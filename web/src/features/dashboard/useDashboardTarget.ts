import { useEffect, useState } from 'react';
import { DEFAULT_TIME_HORIZON, type TimeHorizon } from '@infra/contracts';
import { useAppDispatch } from '../../app/hooks';
import { setSelectedItem } from '../../layout/sidebarSlice';
import { useDocumentTitle } from '../../shared/usePageTitle';
import {
  clearQueryTracking,
  setDefaults,
  setTimeHorizon,
  type DefaultCollection,
  type DefaultTag,
} from './dashboardFilterSlice';
import type { EntityKind } from './entityQueries';

export interface DashboardTarget {
  kind: EntityKind;
  id: string;
  name: string;
  /** A view's saved filter and time horizon; none for assets and collections. */
  defaults: { tags: DefaultTag[]; collections: DefaultCollection[] };
  timeHorizon?: TimeHorizon;
}

const NO_DEFAULTS: DashboardTarget['defaults'] = { tags: [], collections: [] };

/**
 * Starts the filter of the target named `key` from its defaults and time horizon, with no query tracked yet. Returns
 * whether the filter state belongs to this target yet (its queries wait for that).
 */
export function useFilterFor(
  key: string | undefined,
  defaults: DashboardTarget['defaults'] = NO_DEFAULTS,
  timeHorizon: TimeHorizon = DEFAULT_TIME_HORIZON,
): boolean {
  const dispatch = useAppDispatch();
  const [loadedKey, setLoadedKey] = useState<string>();
  const fullKey = key === undefined ? undefined : `${key}:${JSON.stringify(defaults)}:${timeHorizon}`;

  useEffect(() => {
    if (fullKey === undefined) return;
    dispatch(setDefaults(defaults));
    dispatch(setTimeHorizon(timeHorizon));
    dispatch(clearQueryTracking());
    setLoadedKey(fullKey);
    // `fullKey` stands for the defaults and the time horizon.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, fullKey]);

  return fullKey !== undefined && loadedKey === fullKey;
}

/**
 * Starts the filter of a newly opened target from its defaults (and its time horizon), and titles the header
 * and the tab with its name. Returns whether the filter state belongs to this target yet.
 */
export function useDashboardTarget(target: DashboardTarget | undefined): boolean {
  const dispatch = useAppDispatch();
  const name = target?.name ?? '';
  const id = target?.id;
  const ready = useFilterFor(target && `${target.kind}:${target.id}`, target?.defaults, target?.timeHorizon);

  useEffect(() => {
    if (id && name) dispatch(setSelectedItem({ id, name }));
  }, [dispatch, id, name]);
  useDocumentTitle(name);

  return ready;
}
