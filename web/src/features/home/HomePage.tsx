import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import { Suspense, useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { ROUTES } from '../../config/routes';
import { Loading } from '../../shared/components/Loading';
import { usePageTitle } from '../../shared/usePageTitle';
import { HomeInvitations } from '../invitations/HomeInvitations';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import { TagsWidget } from '../tags/TagsWidget';
import { greetingName } from '../user/display';
import { useProfile } from '../user/useProfile';
import { HomeDashboard } from './HomeDashboard';

interface Shortcut {
  id: string;
  titleKey: string;
  descriptionKey: string;
  path: string;
  icon: SvgIconComponent;
}

const SHORTCUTS: Shortcut[] = [
  {
    id: 'widgets',
    titleKey: 'nav.widgets',
    descriptionKey: 'home.shortcuts.widgets',
    path: ROUTES.widgets,
    icon: DashboardOutlined,
  },
  {
    id: 'tags',
    titleKey: 'nav.tagLibrary',
    descriptionKey: 'home.shortcuts.tags',
    path: ROUTES.tagLibrary,
    icon: LocalOfferOutlined,
  },
  {
    id: 'admin',
    titleKey: 'nav.admin',
    descriptionKey: 'home.shortcuts.admin',
    path: ROUTES.admin,
    icon: AdminPanelSettingsOutlined,
  },
];

/**
 * Home: greets the user by name when the profile is available (otherwise without one), shows the shortcuts and the
 * tags widget, and the selected organization's dashboard. Pending invitations show here too: for a user with no
 * organization yet (a member just invited) they replace the dashboard, since accepting one is the next step.
 */
export default function HomePage() {
  const { t } = useTranslation();
  usePageTitle('nav.home');
  const { data: profile } = useProfile();
  const name = greetingName(profile);
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const noOrganization = profile !== undefined && organizationId === '';
  // The dashboard is drawn in a second, interruptible render: the greeting and the shortcuts paint first instead of
  // waiting for every widget's first render (Home's largest text was painted seconds late behind it).
  const drawDashboard = useDeferredValue(true, false);

  return (
    <Stack spacing={4}>
      <div>
        <Typography variant="h4" component="h1" data-testid="home-greeting">
          {name ? t('home.greeting', { user: name }) : t('home.greetingNoName')}
        </Typography>
        <Typography variant="body1" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('home.welcome')}
        </Typography>
      </div>
      {profile ? <HomeInvitations noOrganization={noOrganization} /> : null}
      {noOrganization ? null : (
        <>
          <Grid container spacing={3}>
            {SHORTCUTS.map(({ id, titleKey, descriptionKey, path, icon: Icon }) => (
              <Grid key={id} size={{ xs: 12, sm: 6, lg: 4 }}>
                <Card sx={{ height: '100%' }}>
                  <CardActionArea component={RouterLink} to={path}>
                    <CardContent>
                      <Icon color="primary" sx={{ mb: 1.5 }} />
                      <Typography variant="h6" component="h2" gutterBottom>
                        {t(titleKey)}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t(descriptionKey)}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Grid>
            ))}
            <Grid size={{ xs: 12, lg: 8 }}>
              <TagsWidget />
            </Grid>
          </Grid>
          <Suspense fallback={<Loading />}>{drawDashboard ? <HomeDashboard /> : <Loading />}</Suspense>
        </>
      )}
    </Stack>
  );
}
