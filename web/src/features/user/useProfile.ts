import { useAppSelector } from '../../app/hooks';
import { selectSelectedAccount } from '../selection/selectedAccountSlice';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import type { ProfileQueryArgs } from './types';
import { useGetProfileQuery } from './userApi';

type SelectionState = Parameters<typeof selectSelectedAccount>[0] & Parameters<typeof selectSelectedOrganizationId>[0];

/** The profile query's arguments for the current selection (shared with the start-up prefetch). */
export function profileArgsOf(state: SelectionState): ProfileQueryArgs {
  return { organizationId: selectSelectedOrganizationId(state), accountSlug: selectSelectedAccount(state).slug };
}

/** The profile for the current selection (the scoped profile carries the user's role there). */
export function useProfile() {
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const { slug } = useAppSelector(selectSelectedAccount);
  return useGetProfileQuery({ organizationId, accountSlug: slug });
}
