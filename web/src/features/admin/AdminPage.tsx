import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../../shared/components/PageHeader';
import { usePageTitle } from '../../shared/usePageTitle';
import { useCurrentAccount } from '../account/useCurrentAccount';
import { visibleAdminGroups } from './adminSections';

/**
 * The admin page: its sections grouped as Account, Management, Rules and Data, each a card link; a section
 * that would only say "ask your admin" (members) is not offered to those who cannot manage the account.
 */
export default function AdminPage() {
  const { t } = useTranslation();
  usePageTitle('nav.admin');
  const { profile, canManage } = useCurrentAccount();
  return (
    <>
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <Stack spacing={4}>
        {visibleAdminGroups(canManage, profile?.systemAdmin === true).map((group) => (
          <Box component="section" key={group.id} aria-labelledby={`admin-group-${group.id}`}>
            <Typography
              id={`admin-group-${group.id}`}
              variant="overline"
              component="h2"
              color="text.secondary"
              sx={{ display: 'block', mb: 1.5, fontWeight: 600, letterSpacing: '0.08em' }}
            >
              {t(`admin.groups.${group.id}`)}
            </Typography>
            <Grid container spacing={2}>
              {group.sections.map(({ id, path, icon: Icon }) => (
                <Grid key={id} size={{ xs: 12, sm: 6, md: 4, xl: 3 }}>
                  <Card sx={{ height: '100%' }}>
                    <CardActionArea component={RouterLink} to={path} data-testid={`admin-section-${id}`}>
                      <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                        <Box
                          sx={{
                            display: 'grid',
                            placeItems: 'center',
                            width: 40,
                            height: 40,
                            flexShrink: 0,
                            borderRadius: 2,
                            bgcolor: 'action.hover',
                            color: 'primary.main',
                          }}
                        >
                          <Icon fontSize="small" />
                        </Box>
                        <Box>
                          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                            {t(`admin.sections.${id}.title`)}
                          </Typography>
                          <Typography variant="body2" color="text.secondary">
                            {t(`admin.sections.${id}.description`)}
                          </Typography>
                        </Box>
                      </CardContent>
                    </CardActionArea>
                  </Card>
                </Grid>
              ))}
            </Grid>
          </Box>
        ))}
      </Stack>
    </>
  );
}
