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

/**
 * Starts the filter of a newly opened target from its defaults (and its time horizon), and titles the header
 * and the tab with its name. Returns whether the filter state belongs to this target yet.
 */
export function useDashboardTarget(target: DashboardTarget | undefined): boolean {
  const dispatch = useAppDispatch();
  const [loadedKey, setLoadedKey] = useState<string>();
  const key = target ? `${target.kind}:${target.id}:${JSON.stringify(target.defaults)}:${target.timeHorizon}` : '';
  const name = target?.name ?? '';
  const id = target?.id;

  useEffect(() => {
    if (!target) return;
    dispatch(setDefaults(target.defaults));
    dispatch(setTimeHorizon(target.timeHorizon ?? DEFAULT_TIME_HORIZON));
    dispatch(clearQueryTracking());
    setLoadedKey(key);
    // `key` stands for the target's fields.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, key]);

  useEffect(() => {
    if (id && name) dispatch(setSelectedItem({ id, name }));
  }, [dispatch, id, name]);
  useDocumentTitle(name);

  return Boolean(target) && loadedKey === key;
}
