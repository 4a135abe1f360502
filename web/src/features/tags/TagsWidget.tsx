import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TAG_STATUSES } from '@infra/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { ROUTES } from '../../config/routes';
import { useFormat } from '../../shared/format';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import { countByStatus, tagStatusKey } from './tagRules';
import { useGetTagsQuery } from './tagsApi';

/** The home page's tags widget (spec §2): how many tags the organization has in each status. */
export function TagsWidget() {
  const { t } = useTranslation();
  const format = useFormat();
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const { data: tags, isLoading, isError } = useGetTagsQuery(undefined, { skip: !organizationId });
  const counts = useMemo(() => (tags ? countByStatus(tags) : undefined), [tags]);

  return (
    <Card sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="tags-widget">
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
          <LocalOfferOutlined color="primary" />
          <Typography variant="h6" component="h2">
            {t('tags.widget.title')}
          </Typography>
        </Stack>
        {isError ? (
          <Alert severity="error" data-testid="tags-widget-error">
            {t('dashboard.widgetError')}
          </Alert>
        ) : !organizationId ? (
          <Typography color="text.secondary">{t('layout.noOrganizations')}</Typography>
        ) : isLoading || !counts ? (
          <Skeleton variant="rounded" height={64} />
        ) : (
          <Box
            component="dl"
            // The four statuses: two by two on a phone, in one row from sm.
            sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)' }, gap: 2, m: 0 }}
          >
            {TAG_STATUSES.map((status) => (
              <Box key={status} data-testid={`tags-widget-${status.toLowerCase()}`}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {t(tagStatusKey(status))}
                </Typography>
                <Typography component="dd" variant="h5" sx={{ m: 0 }}>
                  {format.number(counts[status])}
                </Typography>
              </Box>
            ))}
          </Box>
        )}
      </CardContent>
      <CardActions>
        <Button component={RouterLink} to={ROUTES.tagLibrary} data-testid="tags-widget-link">
          {t('tags.widget.open')}
        </Button>
      </CardActions>
    </Card>
  );
}
