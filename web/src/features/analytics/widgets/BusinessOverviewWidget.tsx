import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import type { BusinessOverviewResponse } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { useGetBusinessOverviewQuery, type AnalysisResult } from '../analyticsApi';
import { useAnalyticsFormat } from '../analyticsFormat';
import { DistributionChart } from '../charts/DistributionChart';
import { AssetLink, Figure, Figures } from '../Figures';
import { AnalysisWidget, type AnalysisWidgetProps } from '../WidgetFrame';

function OverviewBody({ analysis }: { analysis: BusinessOverviewResponse }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const { currency } = analysis;
  return (
    <>
      <Figures>
        <Figure
          label={t('analytics.overview.totalCost')}
          value={format.money(analysis.totalCost, currency)}
          testId="overview-total-cost"
        />
        <Figure
          label={t('analytics.overview.change')}
          value={t('analytics.overview.changeValue', {
            amount: format.moneyChange(analysis.costChange, currency),
            percent: format.percentChange(analysis.costChangePercent),
          })}
          testId="overview-cost-change"
        />
        <Figure
          label={t('analytics.cost.idleCost')}
          value={format.money(analysis.idleCost, currency)}
          testId="overview-idle-cost"
        />
        <Figure
          label={t('analytics.overview.savings')}
          value={format.money(analysis.potentialMonthlySavings, currency)}
          testId="overview-savings"
        />
      </Figures>
      <Typography variant="subtitle2" component="h4" sx={{ mt: 2 }}>
        {t('analytics.ratings.distribution')}
      </Typography>
      <DistributionChart bins={analysis.ratingDistribution} label={t('analytics.ratings.distribution')} />
      <Typography variant="subtitle2" component="h4">
        {t('analytics.overview.topIdle')}
      </Typography>
      {analysis.topIdle.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('analytics.overview.noIdle')}
        </Typography>
      ) : (
        <List dense disablePadding data-testid="overview-top-idle">
          {analysis.topIdle.map((asset) => (
            <ListItem key={asset.assetId} disableGutters sx={{ justifyContent: 'space-between', gap: 2 }}>
              <AssetLink id={asset.assetId} name={asset.name} />
              <Typography variant="body2" sx={{ textAlign: 'right' }}>
                {t('analytics.overview.idleOf', {
                  idle: format.money(asset.idleCost, currency),
                  cost: format.money(asset.cost, currency),
                })}
              </Typography>
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}

/**
 * Business overview (§2): total cost and its change against the previous period of equal length, idle cost,
 * potential monthly savings, the InfraRating distribution and the assets idling the most.
 */
export function BusinessOverviewWidget({ args, skip }: AnalysisWidgetProps) {
  return (
    <AnalysisWidget<AnalysisResult<BusinessOverviewResponse>>
      titleKey="analytics.widgets.businessOverview"
      testId="widget-business-overview"
      args={args}
      skip={skip}
      height={280}
      useQuery={useGetBusinessOverviewQuery}
    >
      {({ analysis }) => <OverviewBody analysis={analysis} />}
    </AnalysisWidget>
  );
}
