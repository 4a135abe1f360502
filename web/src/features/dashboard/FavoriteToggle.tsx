import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { SidebarItemType } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { useFavorite } from './useFavorite';

export interface FavoriteToggleProps {
  type: SidebarItemType;
  id: string;
  name: string;
  size?: 'small' | 'medium';
}

/** A star that marks or unmarks an asset, collection or view as a favorite of the caller (updateFavorite). */
export function FavoriteToggle({ type, id, name, size = 'medium' }: FavoriteToggleProps) {
  const { t } = useTranslation();
  const { favorite, known, busy, toggle } = useFavorite(type, id, name);
  const label = t(favorite ? 'dashboard.favorite.remove' : 'dashboard.favorite.add', { name });
  return (
    <Tooltip title={label}>
      {/* A span keeps the tooltip working while the button is disabled. */}
      <span>
        <IconButton
          size={size}
          aria-label={label}
          aria-pressed={favorite}
          disabled={!known || busy}
          onClick={() => void toggle()}
          data-testid={`favorite-${type}-${id}`}
          sx={{ color: favorite ? 'warning.main' : 'action.active' }}
        >
          {favorite ? <StarIcon fontSize={size} /> : <StarBorderIcon fontSize={size} />}
        </IconButton>
      </span>
    </Tooltip>
  );
}
