import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { RatingValues, SystemRatingsResponse } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { useGetSystemRatingsQuery, type AnalysisResult } from '../analyticsApi';
import { useAnalyticsFormat } from '../analyticsFormat';
import { Figure, Figures } from '../Figures';
import { AnalysisWidget, type AnalysisWidgetProps } from '../WidgetFrame';

const FOUR: (keyof Omit<RatingValues, 'infraRating'>)[] = ['risk', 'optimization', 'volatility', 'dataHealth'];

/** The InfraRating as a big score out of 100, with the four ratings it combines. */
export function RatingsPanel({ ratings }: { ratings: RatingValues }) {
  const { t } = useTranslation();
  const format = useAnalyticsFormat();
  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1, mb: 1.5 }} data-testid="infra-rating">
        <Typography component="span" variant="h3" sx={{ fontWeight: 700 }} data-testid="infra-rating-score">
          {format.rating(ratings.infraRating)}
        </Typography>
        <Typography component="span" color="text.secondary">
          {t('analytics.ratings.outOf100')}
        </Typography>
      </Box>
      <Figures>
        {FOUR.map((name) => (
          <Figure
            key={name}
            label={t(`analytics.ratings.${name}`)}
            value={format.rating(ratings[name])}
            testId={`rating-${name}`}
          />
        ))}
      </Figures>
    </>
  );
}

/** InfraRating (§2): the score of `system-ratings` and its four ratings (a collection asks the organization's). */
export function InfraRatingWidget({ args, skip }: AnalysisWidgetProps) {
  return (
    <AnalysisWidget<AnalysisResult<SystemRatingsResponse>>
      titleKey="analytics.widgets.infraRating"
      testId="widget-infra-rating"
      args={args}
      skip={skip}
      useQuery={useGetSystemRatingsQuery}
    >
      {({ analysis }) => <RatingsPanel ratings={analysis.ratings} />}
    </AnalysisWidget>
  );
}
