import OpenInNewOutlined from '@mui/icons-material/OpenInNewOutlined';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { API_DOCS_PATH, API_INDEX_PATH, README_PATH } from '../../../config';
import { PageHeader } from '../../../shared/components/PageHeader';
import { usePageTitle } from '../../../shared/usePageTitle';

interface Manual {
  id: string;
  href: string;
}

/** The product's documentation: the API reference and call list, and the README's sections. */
export const MANUALS: { group: 'api' | 'guide'; items: Manual[] }[] = [
  {
    group: 'api',
    items: [
      { id: 'apiReference', href: API_DOCS_PATH },
      { id: 'apiIndex', href: API_INDEX_PATH },
    ],
  },
  {
    group: 'guide',
    items: [
      { id: 'readme', href: README_PATH },
      { id: 'commands', href: `${README_PATH}#the-two-commands` },
      { id: 'architecture', href: `${README_PATH}#architecture` },
      { id: 'configuration', href: `${README_PATH}#configuration` },
      { id: 'docker', href: `${README_PATH}#docker` },
      { id: 'kubernetes', href: `${README_PATH}#kubernetes` },
      { id: 'tests', href: `${README_PATH}#tests` },
      { id: 'analytics', href: `${README_PATH}#analytics-definitions` },
    ],
  },
];

/** Admin → Account → Manuals: links to the documentation (opened in a new tab) and to support. */
export default function ManualsPage() {
  const { t } = useTranslation();
  usePageTitle('admin.sections.manuals.title');
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
                        href={href}
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
      <Typography variant="body2" color="text.secondary">
        {t('manuals.support')}
      </Typography>
    </>
  );
}
