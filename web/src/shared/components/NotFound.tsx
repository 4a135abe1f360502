import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ROUTES } from '../../config/routes';

export interface NotFoundProps {
  /** Translation key of the entity that was not found; "Page" by default. */
  entityKey?: string;
}

/** "Oops! {entity} Not Found", with a detail that the item may have been moved or deleted. */
export function NotFound({ entityKey = 'notFound.entities.page' }: NotFoundProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ textAlign: 'center', py: 10, px: 2 }}>
      <SearchOffOutlined sx={{ fontSize: 64, color: 'text.disabled', mb: 2 }} />
      <Typography variant="h4" component="h1" gutterBottom>
        {t('notFound.title', { entity: t(entityKey) })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4 }}>
        {t('notFound.detail')}
      </Typography>
      <Button component={RouterLink} to={ROUTES.home} variant="contained">
        {t('common.backHome')}
      </Button>
    </Box>
  );
}
