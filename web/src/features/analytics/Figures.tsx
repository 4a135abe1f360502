import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAppDispatch } from '../../app/hooks';
import { setSelectedItem } from '../../layout/sidebarSlice';
import { entityPath } from '../dashboard/entityQueries';

/** Key figures in a grid of as many columns as fit (two on a phone). */
export function Figures({ children }: { children: ReactNode }) {
  return (
    <Box
      component="dl"
      sx={{ display: 'grid', gap: 1.5, m: 0, gridTemplateColumns: 'repeat(auto-fill, minmax(128px, 1fr))' }}
    >
      {children}
    </Box>
  );
}

/** One figure: a caption and its value. */
export function Figure({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Box data-testid={testId} sx={{ p: 1.25, borderRadius: 1, bgcolor: 'action.hover', minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="h6" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** An asset's name linking to its dashboard (and titling the header on the way, like the sidebar). */
export function AssetLink({ id, name }: { id: string; name: string }) {
  const dispatch = useAppDispatch();
  return (
    <Link
      component={RouterLink}
      to={entityPath('asset', id)}
      onClick={() => dispatch(setSelectedItem({ id, name }))}
      sx={{ overflowWrap: 'anywhere' }}
    >
      {name}
    </Link>
  );
}
