import { getContrastRatio } from '@mui/material/styles';
import { theme } from './theme';

// The colors outlined chips and links print as small text on white (status chips, warnings, errors): WCAG AA asks
// 4.5:1 (MUI's default orange was 3.1:1, which Lighthouse flagged on the asset dashboard's "No sample" chip).
it.each(['primary', 'error', 'warning', 'success'] as const)('%s text reaches 4.5:1 on white', (color) => {
  expect(getContrastRatio(theme.palette[color].main, theme.palette.background.paper)).toBeGreaterThanOrEqual(4.5);
});
