import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DashboardSection } from '../dashboard/sections/DashboardSection';
import { groupScopeOf, useAnalysisArgs, type AnalyticsTarget } from './analysisScope';
import { useNoDataTracking } from './noDataWarning';
import { BusinessOverviewWidget } from './widgets/BusinessOverviewWidget';
import { CapacityGapWidget } from './widgets/CapacityGapWidget';
import { CollectionSummaryWidget } from './widgets/CollectionSummaryWidget';
import { InfraRatingWidget } from './widgets/InfraRatingWidget';
import { SystemRatingsWidget } from './widgets/SystemRatingsWidget';
import { SystemUtilizationWidget } from './widgets/SystemUtilizationWidget';
import { ViewRatingsWidget } from './widgets/ViewRatingsWidget';
import { WorkloadCapacityWidget } from './widgets/WorkloadCapacityWidget';
import { WorkloadCostWidget } from './widgets/WorkloadCostWidget';

export interface AnalyticsSectionsProps {
  target: AnalyticsTarget;
  /** The System Attributes section of the target. */
  attributes: ReactNode;
}

/**
 * The sections of a dashboard (§2) under the applied filter: System Attributes (given), System Ratings and Business
 * Overview. An asset's ratings are its own; a group's are the organization's narrowed to it, with its distribution.
 * The business overview is the organization's (view, organization) or the collection's summary; the workload, cost,
 * gap and utilization analyses follow. The expected workload and cost queries feed the no-data warning.
 */
export function AnalyticsSections({ target, attributes }: AnalyticsSectionsProps) {
  const { t } = useTranslation();
  const { args, skip } = useAnalysisArgs(target);
  const { matchesNoAsset } = useNoDataTracking(args, skip);
  const groupArgs = useMemo(() => ({ ...args, scope: groupScopeOf(args.scope) }), [args]);
  const { scope } = args;

  // A filter that matches no asset has nothing to show: the spec's empty text, not sections of zeros.
  if (matchesNoAsset)
    return (
      <Alert severity="info" data-testid="filter-matches-no-asset">
        {t('dashboard.filters.noAssetsMatch')}
      </Alert>
    );

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
        alignItems: 'start',
      }}
    >
      <Box sx={{ minWidth: 0 }}>{attributes}</Box>
      <Box sx={{ minWidth: 0 }}>
        <DashboardSection title={t('dashboard.sections.systemRatings')} testId="section-system-ratings">
          <Stack spacing={2}>
            <InfraRatingWidget args={groupArgs} skip={skip} />
            {scope.kind === 'asset' ? null : <ViewRatingsWidget args={groupArgs} skip={skip} />}
            <SystemRatingsWidget args={groupArgs} skip={skip} />
          </Stack>
        </DashboardSection>
      </Box>
      <Box sx={{ minWidth: 0, gridColumn: '1 / -1' }}>
        <DashboardSection title={t('dashboard.sections.businessOverview')} testId="section-business-overview">
          <Stack spacing={2}>
            {scope.kind === 'organization' ? <BusinessOverviewWidget args={args} skip={skip} /> : null}
            {scope.kind === 'collection' ? (
              <CollectionSummaryWidget collectionId={scope.id} timeHorizon={args.timeHorizon} skip={skip} />
            ) : null}
            <Box
              sx={{
                display: 'grid',
                gap: 2,
                gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
              }}
            >
              <WorkloadCapacityWidget args={args} skip={skip} />
              <WorkloadCostWidget args={args} skip={skip} />
              <CapacityGapWidget args={args} skip={skip} />
              <SystemUtilizationWidget args={args} skip={skip} />
            </Box>
          </Stack>
        </DashboardSection>
      </Box>
    </Box>
  );
}
