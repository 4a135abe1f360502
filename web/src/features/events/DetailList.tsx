import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** One line of a detail list: the label's translation key, the shown value, and its test id. */
export type DetailRow = [key: string, value: string, testId: string];

/** Labels and values of an event (its page and the wizard's summary): two columns, one on a phone. */
export function DetailList({ rows }: { rows: DetailRow[] }) {
  const { t } = useTranslation();
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'max-content 1fr' }, columnGap: 3, rowGap: 1, m: 0 }}
    >
      {rows.map(([key, value, testId]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(key)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
