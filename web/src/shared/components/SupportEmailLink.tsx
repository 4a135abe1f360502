import Link from '@mui/material/Link';
import { SUPPORT_EMAIL } from '../../config';

/** The support address as a mailto link: beside every text that tells users to contact support. */
export function SupportEmailLink() {
  return (
    <Link href={`mailto:${SUPPORT_EMAIL}`} data-testid="support-email" sx={{ overflowWrap: 'anywhere' }}>
      {SUPPORT_EMAIL}
    </Link>
  );
}
