import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { Loading } from '../../shared/components/Loading';
import { selectDashboardFilter } from '../dashboard/dashboardFilterSlice';
import { DashboardFilters } from '../dashboard/DashboardFilters';
import { DashboardSection } from '../dashboard/sections/DashboardSection';
import { useFilterFor } from '../dashboard/useDashboardTarget';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import { useAnalysisArgs, type AnalyticsTarget } from './analysisScope';
import { AnalyticsSections } from './AnalyticsSections';
import { HighlightsCarousel } from './widgets/HighlightsCarousel';
import { InventoryWidget } from './widgets/InventoryWidget';

const ORGANIZATION: AnalyticsTarget = { kind: 'organization' };

export interface OrganizationDashboardProps {
  /** What comes above the sections (the home page's highlights). */
  header?: ReactNode;
  /** The widgets of the System Attributes section besides the inventory. */
  attributes?: ReactNode;
}

/**
 * The organization's dashboard (§2, organization target): the filter bar, and the sections under the applied filter.
 * Another organization starts from an empty filter.
 */
export function OrganizationDashboard({ header, attributes }: OrganizationDashboardProps) {
  const { t } = useTranslation();
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const ready = useFilterFor(organizationId ? `organization:${organizationId}` : undefined);
  if (!organizationId) return <Typography color="text.secondary">{t('layout.noOrganizations')}</Typography>;
  return (
    <>
      <DashboardFilters saveViewTitleKey="dashboard.saveView.title" />
      {ready ? <OrganizationSections header={header} attributes={attributes} /> : <Loading />}
    </>
  );
}

function OrganizationSections({ header, attributes }: OrganizationDashboardProps) {
  const { t } = useTranslation();
  const { tags, collections } = useAppSelector(selectDashboardFilter);
  const { skip } = useAnalysisArgs(ORGANIZATION);
  const filter = { tagIds: tags.map((tag) => tag.value), collectionIds: collections.map((option) => option.value) };
  return (
    <Stack spacing={3}>
      {header}
      <AnalyticsSections
        target={ORGANIZATION}
        attributes={
          <DashboardSection title={t('dashboard.sections.systemAttributes')} testId="section-system-attributes">
            <Stack spacing={2}>
              <InventoryWidget filter={filter} skip={skip} />
              {attributes}
            </Stack>
          </DashboardSection>
        }
      />
    </Stack>
  );
}

/** The home page's part: the organization's dashboard with its highlights turning on top. */
export default function HomeDashboard() {
  const { args, skip } = useAnalysisArgs(ORGANIZATION);
  return <OrganizationDashboard header={<HighlightsCarousel args={args} skip={skip} />} />;
}
