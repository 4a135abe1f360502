import BusinessOutlined from '@mui/icons-material/BusinessOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import FolderOutlined from '@mui/icons-material/FolderOutlined';
import StarOutline from '@mui/icons-material/StarOutline';
import ViewQuiltOutlined from '@mui/icons-material/ViewQuiltOutlined';
import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { SidebarDto, SidebarItem } from '@infra/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { SIDEBAR_TRANSITION_MS } from '../../../config';
import { setSelectedItem, setSidebarShow } from '../../../layout/sidebarSlice';
import { useGetSidebarQuery } from '../../management/inventoryApi';
import { selectSelectedOrganization } from '../../selection/selectedOrganizationSlice';
import { entityPath } from '../entityQueries';
import { FavoriteToggle } from '../FavoriteToggle';

type GroupId = 'favorites' | 'collections' | 'views';

interface Group {
  id: GroupId;
  labelKey: string;
  emptyKey: string;
  icon: SvgIconComponent;
}

/** Favorites first (§3 sidebar items carry a favorite flag), then the organization's collections and views. */
const GROUPS: Group[] = [
  { id: 'favorites', labelKey: 'sidebar.favorites', emptyKey: 'sidebar.noFavorites', icon: StarOutline },
  { id: 'collections', labelKey: 'sidebar.collections', emptyKey: 'sidebar.noCollections', icon: FolderOutlined },
  { id: 'views', labelKey: 'sidebar.views', emptyKey: 'sidebar.noViews', icon: ViewQuiltOutlined },
];

function ItemEntry({ item, onNavigate }: { item: SidebarItem; onNavigate: () => void }) {
  const dispatch = useAppDispatch();
  return (
    <ListItem
      disablePadding
      data-testid={`sidebar-item-${item.type}-${item.id}`}
      secondaryAction={<FavoriteToggle type={item.type} id={item.id} name={item.name} size="small" />}
      sx={{ '& .MuiListItemSecondaryAction-root': { right: 0 } }}
    >
      <ListItemButton
        component={NavLink}
        to={entityPath(item.type, item.id)}
        onClick={() => {
          // The header shows the item clicked (spec §3 sidebar UI state: selectedItem).
          dispatch(setSelectedItem({ id: item.id, name: item.name }));
          onNavigate();
        }}
        sx={{ minHeight: 36, pl: 5, pr: 5, py: 0.25 }}
      >
        <ListItemText
          primary={item.name}
          slotProps={{ primary: { noWrap: true, variant: 'body2', title: item.name } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

function itemsOf(tree: SidebarDto | undefined, group: GroupId): SidebarItem[] {
  return tree ? tree[group] : [];
}

export interface InventoryNavProps {
  /** Labels shown (an open sidebar or the phone's drawer); icons only otherwise. */
  open: boolean;
  /** Called after following a link (the phone's drawer closes). */
  onNavigate: () => void;
}

/** The organization's favorites, collections and views in the sidebar (`GET meta/sidebar`). */
export function InventoryNav({ open, onNavigate }: InventoryNavProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const organization = useAppSelector(selectSelectedOrganization);
  const { data, isLoading, isFetching, isError, refetch } = useGetSidebarQuery(undefined, { skip: !organization.id });
  // The tree of the organization selected before is never shown for the new one: read it again.
  const tree = data?.organizationId === organization.id ? data : undefined;
  // (The organization switch invalidates the tree; this covers a read that raced it, once per organization.)
  const stale = data !== undefined && !tree;
  const refetchedFor = useRef<string>(undefined);
  useEffect(() => {
    if (!organization.id || !stale || isFetching || isError || refetchedFor.current === organization.id) return;
    refetchedFor.current = organization.id;
    void refetch();
  }, [stale, isFetching, isError, refetch, organization.id]);
  const [expanded, setExpanded] = useState<Record<GroupId, boolean>>({
    favorites: true,
    collections: true,
    views: true,
  });

  if (!organization.id) return null;

  if (!open)
    return (
      <List disablePadding data-testid="sidebar-inventory">
        <Divider sx={{ my: 1 }} />
        {GROUPS.map(({ id, labelKey, icon: Icon }) => (
          <ListItem key={id} disablePadding sx={{ display: 'block' }}>
            <Tooltip title={t(labelKey)} placement="right">
              <ListItemButton
                onClick={() => {
                  setExpanded((current) => ({ ...current, [id]: true }));
                  dispatch(setSidebarShow(true));
                }}
                aria-label={t(labelKey)}
                sx={{ minHeight: 44, px: 1.5, mb: 0.5, justifyContent: 'center' }}
              >
                <ListItemIcon sx={{ minWidth: 0, justifyContent: 'center' }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
              </ListItemButton>
            </Tooltip>
          </ListItem>
        ))}
      </List>
    );

  return (
    <Box data-testid="sidebar-inventory">
      <Divider sx={{ my: 1 }} />
      <Box
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 1.5, py: 1, color: 'text.secondary' }}
        data-testid="sidebar-organization"
      >
        <BusinessOutlined fontSize="small" />
        <Typography variant="subtitle2" noWrap title={organization.name}>
          {organization.name}
        </Typography>
      </Box>
      <List disablePadding>
        {GROUPS.map(({ id, labelKey, emptyKey, icon: Icon }) => {
          const items = itemsOf(tree, id);
          return (
            <ListItem key={id} disablePadding sx={{ display: 'block' }} data-testid={`sidebar-${id}`}>
              <ListItemButton
                onClick={() => setExpanded((current) => ({ ...current, [id]: !current[id] }))}
                aria-expanded={expanded[id]}
                sx={{ minHeight: 40, px: 1.5 }}
              >
                <ListItemIcon sx={{ minWidth: 0, mr: 1.5 }}>
                  <Icon fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={t(labelKey)} />
                {expanded[id] ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
              </ListItemButton>
              <Collapse in={expanded[id]} timeout={SIDEBAR_TRANSITION_MS} unmountOnExit>
                {isLoading || (!tree && !isError) ? (
                  <Box sx={{ pl: 5, pr: 2, py: 0.5 }}>
                    <Skeleton width="80%" />
                  </Box>
                ) : items.length === 0 ? (
                  <Typography variant="body2" color="text.secondary" sx={{ pl: 5, pr: 2, py: 0.5 }} noWrap>
                    {t(isError ? 'sidebar.unavailable' : emptyKey)}
                  </Typography>
                ) : (
                  <List disablePadding>
                    {items.map((item) => (
                      <ItemEntry key={`${item.type}:${item.id}`} item={item} onNavigate={onNavigate} />
                    ))}
                  </List>
                )}
              </Collapse>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
