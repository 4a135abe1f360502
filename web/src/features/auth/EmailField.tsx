import { useTranslation } from 'react-i18next';
import { PlainTextField } from '../../shared/components/PlainTextField';

/** The account's email on the sign-in and forgot-password forms (the username for password managers). */
export function EmailField({ value, onValueChange }: { value: string; onValueChange: (value: string) => void }) {
  const { t } = useTranslation();
  return (
    <PlainTextField
      label={t('signIn.email')}
      name="email"
      type="email"
      autoComplete="username"
      value={value}
      onValueChange={onValueChange}
      required
      autoFocus
    />
  );
}
