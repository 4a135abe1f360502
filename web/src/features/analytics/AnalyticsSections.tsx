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

/** A cell of the ratings' grid: its widget's card fills it, so the two of a row are as tall as each other. */
const CELL = { minWidth: 0, display: 'flex', flexDirection: 'column', '& > *': { flexGrow: 1 } } as const;

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
    // Each section takes the page's width, one under the other: a short section beside a tall one left most of a
    // column empty (~1000 px beside the ratings at 1440 px: issue 21, item 10). Inside the ratings, the two short
    // widgets share a row and the wide one (its table of lowest ratings) has the full width.
    <Stack spacing={3}>
      <Box sx={{ minWidth: 0 }}>{attributes}</Box>
      <Box sx={{ minWidth: 0 }}>
        <DashboardSection title={t('dashboard.sections.systemRatings')} testId="section-system-ratings">
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
            }}
          >
            {/* An asset has no view ratings: its InfraRating takes the row. */}
            <Box sx={{ ...CELL, gridColumn: scope.kind === 'asset' ? '1 / -1' : 'auto' }}>
              <InfraRatingWidget args={groupArgs} skip={skip} />
            </Box>
            {scope.kind === 'asset' ? null : (
              <Box sx={CELL}>
                <ViewRatingsWidget args={groupArgs} skip={skip} />
              </Box>
            )}
            <Box sx={{ ...CELL, gridColumn: '1 / -1' }}>
              <SystemRatingsWidget args={groupArgs} skip={skip} />
            </Box>
          </Box>
        </DashboardSection>
      </Box>
      <Box sx={{ minWidth: 0 }}>
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
    </Stack>
  );
}
