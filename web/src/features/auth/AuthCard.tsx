import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../shared/components/LanguagePicker';
import { useDocumentTitle } from '../../shared/documentTitle';

export interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The frame of the pages outside the default layout (sign-in, password reset, acceptance): product name, title. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  const { t } = useTranslation();
  useDocumentTitle(title);
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', bgcolor: 'background.default', p: 2 }}
    >
      <Card sx={{ maxWidth: 460, width: '100%' }}>
        <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 3 }}>
            <Box component="img" src="/favicon.svg" alt="" sx={{ width: 32, height: 32 }} />
            <Typography variant="h6" component="p" data-testid="product-name" sx={{ fontWeight: 600, flexGrow: 1 }}>
              {t('app.name')}
            </Typography>
            <LanguagePicker />
          </Box>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          ) : null}
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
