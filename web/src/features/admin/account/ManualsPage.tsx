import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SUPPORT_URL, type Language } from '../../../config';
import { API_DOCS_PATH, API_INDEX_PATH, USER_GUIDE_PATHS } from '../../../config/docs';
import { readerLanguage } from '../../../i18n/readerLanguage';
import { PageHeader } from '../../../shared/components/PageHeader';
import { SupportEmailLink } from '../../../shared/components/SupportEmailLink';
import { usePageTitle } from '../../../shared/usePageTitle';

interface Manual {
  /** Texts under manuals.items.<id>. */
  id: string;
  /** Where it opens: the user guide in the reader's language. */
  href: (language: Language) => string;
}

/** A section of the user guide: both languages' files write its anchor (`## Heading {#anchor}`). */
const guideSection = (id: string, anchor: string): Manual => ({
  id,
  href: (language) => `${USER_GUIDE_PATHS[language]}#${anchor}`,
});

/**
 * The product's documentation for its users: the user guide's sections, and the API reference (the API is for
 * customers' integrations). The README is developer material and is not offered here.
 */
export const MANUALS: { group: 'guide' | 'api'; items: Manual[] }[] = [
  {
    group: 'guide',
    items: [
      guideSection('gettingStarted', 'getting-started'),
      guideSection('account', 'account'),
      guideSection('assetsAndCollections', 'assets-and-collections'),
      guideSection('viewsAndFavorites', 'views-and-favorites'),
      guideSection('tags', 'tags'),
      guideSection('businessEvents', 'business-events'),
      guideSection('dashboards', 'dashboards'),
      guideSection('ratings', 'ratings'),
      guideSection('data', 'integrations-and-data'),
      guideSection('apiKeys', 'api'),
      guideSection('help', 'help'),
    ],
  },
  {
    group: 'api',
    items: [
      { id: 'apiReference', href: () => API_DOCS_PATH },
      { id: 'apiIndex', href: () => API_INDEX_PATH },
    ],
  },
];

/** Admin → Account → Manuals: the documentation (opened in a new tab) and how to reach support. */
export default function ManualsPage() {
  const { t, i18n } = useTranslation();
  usePageTitle('admin.sections.manuals.title');
  const language = readerLanguage(i18n);
  return (
    <>
      <PageHeader title={t('admin.sections.manuals.title')} subtitle={t('manuals.subtitle')} />
      {MANUALS.map(({ group, items }) => (
        <Card key={group} sx={{ mb: 3 }}>
          <CardContent>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {t(`manuals.groups.${group}`)}
            </Typography>
            <List dense>
              {items.map(({ id, href }) => (
                <ListItem key={id} disableGutters>
                  <ListItemText
                    primary={
                      <Link
                        href={href(language)}
                        target="_blank"
                        rel="noopener noreferrer"
                        data-testid={`manual-${id}`}
                        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
                      >
                        {t(`manuals.items.${id}.title`)}
                        <OpenInNewOutlined sx={{ fontSize: 14 }} />
                      </Link>
                    }
                    secondary={t(`manuals.items.${id}.description`)}
                  />
                </ListItem>
              ))}
            </List>
          </CardContent>
        </Card>
      ))}
      <Card component="section" aria-labelledby="manuals-support">
        <CardContent>
          <Typography id="manuals-support" variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {t('manuals.support.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('manuals.support.intro')}
          </Typography>
          <List dense>
            <ListItem disableGutters>
              <ListItemText primary={<SupportEmailLink />} secondary={t('manuals.support.email')} />
            </ListItem>
            <ListItem disableGutters>
              <ListItemText
                primary={
                  <Link
                    href={SUPPORT_URL}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid="support-site"
                    sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, overflowWrap: 'anywhere' }}
                  >
                    {SUPPORT_URL}
                    <OpenInNewOutlined sx={{ fontSize: 14 }} />
                  </Link>
                }
                secondary={t('manuals.support.site')}
              />
            </ListItem>
          </List>
          <Typography variant="body2" color="text.secondary">
            {t('manuals.support.errorId')}
          </Typography>
        </CardContent>
      </Card>
    </>
  );
}
