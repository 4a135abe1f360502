import type { ReactNode } from 'react';
import { Loading } from '../../shared/components/Loading';
import { AnalyticsSections } from '../analytics/AnalyticsSections';
import { DashboardFilters } from './DashboardFilters';
import { EntityHeader } from './EntityHeader';
import { useDashboardTarget, type DashboardTarget } from './useDashboardTarget';

export interface EntityDashboardProps {
  target: DashboardTarget;
  details: ReactNode;
  /** The System Attributes section of this kind. */
  attributes: ReactNode;
}

/** The dashboard of an asset, collection or view: header, filter bar, sections, and the save-view dialog. */
export function EntityDashboard({ target, details, attributes }: EntityDashboardProps) {
  const ready = useDashboardTarget(target);
  return (
    <>
      <EntityHeader kind={target.kind} id={target.id} name={target.name} details={details} />
      <DashboardFilters
        saveViewTitleKey={target.kind === 'view' ? 'dashboard.saveView.titleAsNew' : 'dashboard.saveView.title'}
        timeHorizon={target.timeHorizon}
      />
      {ready ? <AnalyticsSections target={target} attributes={attributes} /> : <Loading />}
    </>
  );
}
