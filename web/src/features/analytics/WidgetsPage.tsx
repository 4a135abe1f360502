import Typography from '@mui/material/Typography';
import { TIME_HORIZON_QUERY } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../shared/components/PageHeader';
import { usePageTitle } from '../../shared/usePageTitle';
import { selectDashboardFilter } from '../dashboard/dashboardFilterSlice';
import { ViewSummaryContent } from '../dashboard/sections/ViewSummarySection';
import { OrganizationDashboard } from './OrganizationDashboard';
import { WidgetFrame } from './WidgetFrame';
import { CollectionSummaryWidget } from './widgets/CollectionSummaryWidget';

/** A collection summary for each collection of the applied filter (a summary needs a collection). */
function CollectionSummaries() {
  const { t } = useTranslation();
  const { collections, timeHorizon } = useAppSelector(selectDashboardFilter);
  if (collections.length === 0) {
    return (
      <WidgetFrame title={t('analytics.widgets.collectionSummary')} testId="widget-collection-summary">
        <Typography variant="body2" color="text.secondary">
          {t('analytics.widgets.chooseCollection')}
        </Typography>
      </WidgetFrame>
    );
  }
  return collections.map((collection) => (
    <CollectionSummaryWidget
      key={collection.value}
      collectionId={collection.value}
      timeHorizon={TIME_HORIZON_QUERY[timeHorizon]}
      skip={false}
    />
  ));
}

/**
 * `/widgets`: every widget for the selected organization under the filter bar. System attributes are an asset's, so
 * they are on the asset dashboards only.
 */
export default function WidgetsPage() {
  const { t } = useTranslation();
  usePageTitle('pages.widgets');
  return (
    <>
      <PageHeader title={t('pages.widgets')} />
      <OrganizationDashboard
        attributes={
          <>
            <WidgetFrame title={t('analytics.widgets.viewSummary')} testId="widget-view-summary">
              <ViewSummaryContent />
            </WidgetFrame>
            <CollectionSummaries />
          </>
        }
      />
    </>
  );
}
