import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { AccountRole } from '@infra/contracts';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_ROLES, roleKey } from '../../../shared/roles';

/** A choice of an account role (a member's, an API key's). */
export function RoleSelect({
  label,
  helperText,
  value,
  onChange,
}: {
  label: string;
  helperText?: string;
  value: AccountRole;
  onChange: (role: AccountRole) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={label}
      name="role"
      value={value}
      onChange={(event) => onChange(event.target.value as AccountRole)}
      helperText={helperText}
      fullWidth
    >
      {ACCOUNT_ROLES.map((role) => (
        <MenuItem key={role} value={role}>
          {t(roleKey(role))}
        </MenuItem>
      ))}
    </TextField>
  );
}
