import { alpha, createTheme } from '@mui/material/styles';
import type {} from '@mui/x-data-grid/themeAugmentation';
import { PHONE_GRID_CLASS } from '../shared/gridClasses';

const primary = '#1f4e8c';
const border = '#e3e8ef';

/** The app's light theme; component customisations kept together by family. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: primary },
    secondary: { main: '#0f8b8d' },
    // MUI's orange (#ed6c02) is 3.1:1 on white: warning chips' small text needs 4.5:1 (this is 5.0:1).
    warning: { main: '#b45309' },
    background: { default: '#f5f7fb', paper: '#ffffff' },
    divider: border,
    text: { primary: '#1b2430', secondary: '#5b6675' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", "Roboto", "Helvetica Neue", Arial, sans-serif',
    h4: { fontSize: '1.75rem', fontWeight: 600, letterSpacing: '-0.01em' },
    h5: { fontWeight: 600 },
    h6: { fontSize: '1.05rem', fontWeight: 600 },
    subtitle2: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiAppBar: {
      defaultProps: { elevation: 0, color: 'inherit' },
      styleOverrides: { root: { borderBottom: `1px solid ${border}`, backgroundColor: '#ffffff' } },
    },
    MuiDrawer: {
      styleOverrides: { paper: { borderRight: `1px solid ${border}` } },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderColor: border } },
    },
    MuiCardActionArea: {
      styleOverrides: { root: { height: '100%' } },
    },
    MuiListItemButton: {
      styleOverrides: {
        root: ({ theme: t }) => ({
          borderRadius: 8,
          '&.active': {
            backgroundColor: alpha(t.palette.primary.main, 0.1),
            color: t.palette.primary.main,
            '& .MuiListItemIcon-root': { color: t.palette.primary.main },
          },
        }),
      },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiDataGrid: {
      styleOverrides: {
        // Column titles wrap onto a second line instead of being cut ("CPU Maxim…"): issue 21, item 12.
        columnHeaderTitle: { whiteSpace: 'normal', lineHeight: 1.2 },
        root: {
          // On a phone (useResponsiveColumns) cells wrap too, and their rows grow to fit.
          [`&.${PHONE_GRID_CLASS} .MuiDataGrid-cell`]: {
            whiteSpace: 'normal',
            overflowWrap: 'anywhere',
            lineHeight: 1.35,
            paddingTop: 8,
            paddingBottom: 8,
            display: 'flex',
            alignItems: 'center',
          },
        },
      },
    },
  },
});
