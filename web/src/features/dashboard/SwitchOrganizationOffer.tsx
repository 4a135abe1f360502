import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { EntityLocationDto, SidebarItemType } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { Loading } from '../../shared/components/Loading';
import { useSelectableAccounts } from '../account/useSelectableAccounts';
import NotFoundPage from '../placeholder/NotFoundPage';
import { setSelectedAccount } from '../selection/selectedAccountSlice';
import { selectSelectedOrganizationId, setSelectedOrganization } from '../selection/selectedOrganizationSlice';
import { organizationsOf } from '../selection/selection';
import { useProfile } from '../user/useProfile';
import { KIND_KEYS } from './entityQueries';
import { useLocateEntityQuery } from './locateApi';

export interface SwitchOrganizationOfferProps {
  kind: SidebarItemType;
  id: string;
}

/**
 * An entity the selected organization does not hold (Not Found there): when another organization of the caller
 * holds it (a shared link), offer to switch there, which shows it; otherwise the plain "Oops! {entity} Not Found",
 * exactly as for an unknown id (the server says nothing of organizations the caller cannot open).
 */
export function SwitchOrganizationOffer({ kind, id }: SwitchOrganizationOfferProps) {
  const selectedOrganizationId = useAppSelector(selectSelectedOrganizationId);
  const { data: location, isLoading } = useLocateEntityQuery({ kind, id });
  // The offer names the organization from the profile's accounts: wait for them rather than flash an unnamed text.
  const { isLoading: profileLoading } = useProfile();
  const keys = KIND_KEYS[kind];

  if (isLoading || profileLoading) return <Loading />;
  if (!location || location.organizationId === selectedOrganizationId)
    return <NotFoundPage entityKey={keys.notFound} titleKey={keys.kind} />;
  return <SwitchOffer kind={kind} location={location} />;
}

/** The offer itself: where the entity is (named from the user's own accounts), and the Switch button. */
function SwitchOffer({ kind, location }: { kind: SidebarItemType; location: EntityLocationDto }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { data: profile } = useProfile();
  const accounts = useSelectableAccounts(profile);
  const keys = KIND_KEYS[kind];
  const account = accounts.find((candidate) => candidate.id === location.accountId);
  const organization = organizationsOf(account).find((candidate) => candidate.id === location.organizationId);
  const switchOrganization = () => {
    // The page stays: the entity is read again for the organization switched to (its cache tags are invalidated).
    if (account) dispatch(setSelectedAccount(account));
    dispatch(setSelectedOrganization(organization ?? { id: location.organizationId, accountId: location.accountId }));
  };

  return (
    <Box sx={{ textAlign: 'center', py: 10, px: 2 }} data-testid="switch-organization-offer">
      <SwapHorizOutlined sx={{ fontSize: 64, color: 'primary.main', mb: 2 }} />
      <Typography variant="h4" component="h1" gutterBottom>
        {t('switchOrganization.title', { entity: t(keys.notFound) })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 4, maxWidth: 640, mx: 'auto' }}>
        {account && organization
          ? t('switchOrganization.detail', { organization: organization.name, account: account.name })
          : t('switchOrganization.detailUnnamed')}
      </Typography>
      <Button variant="contained" startIcon={<SwapHorizOutlined />} onClick={switchOrganization}>
        {t('switchOrganization.switch')}
      </Button>
    </Box>
  );
}
