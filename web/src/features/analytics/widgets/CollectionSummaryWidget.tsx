import Typography from '@mui/material/Typography';
import { ASSET_STATUSES, type TimeHorizonKey } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { statusKey } from '../../management/assets/AssetStatusChip';
import { useGetCollectionSummaryQuery } from '../analyticsApi';
import { useAnalyticsFormat } from '../analyticsFormat';
import { Figure, Figures } from '../Figures';
import { QueryContent, WidgetFrame } from '../WidgetFrame';
import { RatingsPanel } from './InfraRatingWidget';

export interface CollectionSummaryWidgetProps {
  collectionId: string;
  timeHorizon: TimeHorizonKey;
  skip: boolean;
}

/** Collection summary (§2): a collection's assets by status, its ratings, cost, idle cost and utilization. */
export function CollectionSummaryWidget({ collectionId, timeHorizon, skip }: CollectionSummaryWidgetProps) {
  const { t } = useTranslation();
  return (
    <WidgetFrame
      title={t('analytics.widgets.collectionSummary')}
      testId="widget-collection-summary"
      resetKey={`${collectionId}:${timeHorizon}`}
    >
      <CollectionSummaryContent collectionId={collectionId} timeHorizon={timeHorizon} skip={skip} />
    </WidgetFrame>
  );
}

function CollectionSummaryContent({ collectionId, timeHorizon, skip }: CollectionSummaryWidgetProps) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const query = useGetCollectionSummaryQuery({ collectionId, timeHorizon }, { skip });
  return (
    <QueryContent query={query} skip={skip}>
      {({ analysis }) => (
        <>
          <Typography variant="subtitle2" component="h4" sx={{ mb: 1, overflowWrap: 'anywhere' }}>
            {analysis.name}
          </Typography>
          <Figures>
            {ASSET_STATUSES.map((status) => (
              <Figure
                key={status}
                label={t(statusKey(status))}
                value={format.number(analysis.byStatus[status])}
                testId={`collection-summary-${status}`}
              />
            ))}
            <Figure
              label={t('analytics.cost.cost')}
              value={format.money(analysis.cost, analysis.currency)}
              testId="collection-summary-cost"
            />
            <Figure label={t('analytics.cost.idleCost')} value={format.money(analysis.idleCost, analysis.currency)} />
            <Figure label={t('analytics.workload.utilization')} value={format.percent(analysis.utilization)} />
          </Figures>
          <Typography variant="subtitle2" component="h4" sx={{ mt: 2, mb: 1 }}>
            {t('analytics.widgets.infraRating')}
          </Typography>
          <RatingsPanel ratings={analysis.ratings} />
        </>
      )}
    </QueryContent>
  );
}
