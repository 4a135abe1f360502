import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useGetSystemRatingsQuery } from '../analyticsApi';
import { useAnalyticsFormat } from '../analyticsFormat';
import { DistributionChart } from '../charts/DistributionChart';
import { AssetLink } from '../Figures';
import { QueryContent, WidgetFrame, type AnalysisWidgetProps } from '../WidgetFrame';

/** How many of the lowest-rated assets the widget names. */
const LOWEST_SHOWN = 5;

/**
 * View ratings (§2): the ratings of a group (a view, a collection, the organization): how many of its assets are
 * rated, how their InfraRatings spread, and the lowest ones.
 */
export function ViewRatingsWidget({ args, skip }: AnalysisWidgetProps) {
  const { t } = useTranslation();
  return (
    <WidgetFrame
      title={t('analytics.widgets.viewRatings')}
      testId="widget-view-ratings"
      resetKey={JSON.stringify(args)}
    >
      <ViewRatingsContent args={args} skip={skip} />
    </WidgetFrame>
  );
}

function ViewRatingsContent({ args, skip }: AnalysisWidgetProps) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  const query = useGetSystemRatingsQuery(args, { skip });
  return (
    <QueryContent query={query} skip={skip}>
      {({ analysis }) => (
        <>
          <Typography variant="body2" color="text.secondary" data-testid="view-ratings-reporting">
            {t('analytics.ratings.reporting', {
              reporting: format.number(analysis.assetsReporting),
              assets: format.number(analysis.assets),
            })}
          </Typography>
          <DistributionChart bins={analysis.distribution ?? []} label={t('analytics.ratings.distribution')} />
          <Typography variant="subtitle2" component="h4">
            {t('analytics.ratings.lowest')}
          </Typography>
          {(analysis.lowest ?? []).length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('analytics.ratings.noneRated')}
            </Typography>
          ) : null}
          <List dense disablePadding>
            {(analysis.lowest ?? []).slice(0, LOWEST_SHOWN).map((asset) => (
              <ListItem key={asset.assetId} disableGutters sx={{ justifyContent: 'space-between', gap: 2 }}>
                <AssetLink id={asset.assetId} name={asset.name} />
                <Typography variant="body2">{format.rating(asset.infraRating)}</Typography>
              </ListItem>
            ))}
          </List>
        </>
      )}
    </QueryContent>
  );
}
