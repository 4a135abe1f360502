import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { KIND_KEYS, type EntityKind } from './entityQueries';
import { FavoriteToggle } from './FavoriteToggle';

export interface EntityHeaderProps {
  kind: EntityKind;
  id: string;
  name: string;
  /** The status (asset), member count (collection) or description (view). */
  details: ReactNode;
}

/** The dashboard's title: the entity's kind and name, a favorite star, and its status, size or description. */
export function EntityHeader({ kind, id, name, details }: EntityHeaderProps) {
  const { t } = useTranslation();
  return (
    <Box component="header" sx={{ mb: 3, minWidth: 0 }} data-testid="entity-header">
      <Chip size="small" label={t(KIND_KEYS[kind].kind)} sx={{ mb: 1 }} data-testid="entity-kind" />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0 }}>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {name}
        </Typography>
        <FavoriteToggle type={kind} id={id} name={name} />
      </Box>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5, color: 'text.secondary' }}
        data-testid="entity-details"
      >
        {details}
      </Box>
    </Box>
  );
}
