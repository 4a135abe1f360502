import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The page loading indicator: a spinner and the translated "Loading..." text. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 2, py: 10 }}
    >
      <CircularProgress size={36} />
      <Typography variant="body2" color="text.secondary">
        {t('common.loading')}
      </Typography>
    </Box>
  );
}

/** Shown while the translations themselves load (no text can be translated yet). */
export function BootSpinner() {
  return (
    <Box
      role="progressbar"
      sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '100vh' }}
    >
      <CircularProgress size={36} />
    </Box>
  );
}
