import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { MemberDto } from '@infra/contracts';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { fullName } from '../user/display';
import { useGetUserDetailsQuery } from '../user/userApi';

export interface ContactCardProps {
  labelKey: string;
  userId: string | undefined;
  /** The account's members when the caller may list them; otherwise the contact comes from users/details. */
  members?: MemberDto[];
  /** While the members list loads, wait for it instead of asking users/details. */
  membersPending?: boolean;
  testId?: string;
}

/** One account contact: the name and email, from the members list, or else from users/details. */
export function ContactCard({ labelKey, userId, members, membersPending = false, testId }: ContactCardProps) {
  const { t } = useTranslation();
  const member = userId ? members?.find((candidate) => candidate.userId === userId) : undefined;
  const { data, isLoading } = useGetUserDetailsQuery(userId && !member && !membersPending ? userId : skipToken);
  const person = member ?? data;
  const name = fullName(person);
  return (
    <Card sx={{ height: '100%' }} data-testid={testId}>
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          {t(labelKey)}
        </Typography>
        {isLoading || (membersPending && !member) ? (
          // The loaded card's two lines (name, email): the cards below do not move when it arrives.
          <>
            <Typography variant="subtitle1" component="p">
              <Skeleton width="60%" />
            </Typography>
            <Typography variant="body2">
              <Skeleton width="80%" />
            </Typography>
          </>
        ) : (
          <>
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
              {name || person?.email || t('common.notSet')}
            </Typography>
            {name && person?.email ? (
              <Typography variant="body2" color="text.secondary">
                {person.email}
              </Typography>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
