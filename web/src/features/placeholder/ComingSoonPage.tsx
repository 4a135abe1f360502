import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../shared/components/PageHeader';
import { usePageTitle } from '../../shared/usePageTitle';

/** A section that later work fills in: its translated title and a translated "coming soon" note. */
export default function ComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  usePageTitle(titleKey);
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <Card>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
          <ConstructionOutlined color="action" />
          <Typography color="text.secondary" data-testid="coming-soon">
            {t('common.comingSoon')}
          </Typography>
        </CardContent>
      </Card>
    </>
  );
}
