import { useAppSelector } from '../../app/hooks';
import { selectSelectedAccount } from '../selection/selectedAccountSlice';
import { selectSelectedOrganizationId } from '../selection/selectedOrganizationSlice';
import { useGetProfileQuery } from './userApi';

/** The profile for the current selection (the scoped profile carries the user's role there). */
export function useProfile() {
  const organizationId = useAppSelector(selectSelectedOrganizationId);
  const { slug } = useAppSelector(selectSelectedAccount);
  return useGetProfileQuery({ organizationId, accountSlug: slug });
}
