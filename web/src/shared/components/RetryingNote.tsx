import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectRetryAttempts } from '../../api/retryStatus';
import { MAX_REQUEST_ATTEMPTS } from '../../config';

/** The failed attempts of a query's request while the client retries it (502, 504, a time-out), else undefined. */
export function useRetryAttempts(requestId: string | undefined): number | undefined {
  return useAppSelector((state) => selectRetryAttempts(state, requestId));
}

/**
 * "Retrying… (attempt 3 of 10)": what a widget shows above its placeholder while its data is asked again, so a
 * service that is down reads as such instead of as a slow page (issue 21, item 9).
 */
export function RetryingNote({ failedAttempts }: { failedAttempts: number }) {
  const { t } = useTranslation();
  return (
    <Box
      role="status"
      aria-live="polite"
      data-testid="widget-retrying"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1, color: 'text.secondary' }}
    >
      <CircularProgress size={14} color="inherit" />
      <Typography variant="body2">
        {t('dashboard.retrying', {
          attempt: Math.min(failedAttempts + 1, MAX_REQUEST_ATTEMPTS),
          max: MAX_REQUEST_ATTEMPTS,
        })}
      </Typography>
    </Box>
  );
}
