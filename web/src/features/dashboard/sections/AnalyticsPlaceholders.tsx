import InsightsOutlined from '@mui/icons-material/InsightsOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { DashboardSection } from './DashboardSection';

function Placeholder({ titleKey, testId }: { titleKey: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <DashboardSection title={t(titleKey)} testId={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'text.secondary' }}>
        <InsightsOutlined fontSize="small" />
        <Typography variant="body2">{t('dashboard.sections.analyticsLater')}</Typography>
      </Box>
    </DashboardSection>
  );
}

/** System Ratings and Business Overview: analytics fills them in later; until then they say so. */
export function AnalyticsPlaceholders() {
  return (
    <>
      <Placeholder titleKey="dashboard.sections.systemRatings" testId="section-system-ratings" />
      <Placeholder titleKey="dashboard.sections.businessOverview" testId="section-business-overview" />
    </>
  );
}
