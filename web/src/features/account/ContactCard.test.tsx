import { screen } from '@testing-library/react';
import type { MemberDto } from '@infra/contracts';
import { renderWithApp } from '../../testing/render';
import { ContactCard } from './ContactCard';

/** The lines of the card's body: its placeholders while it waits, its texts once it has them. */
const bodyLines = (container: HTMLElement) =>
  [...container.querySelectorAll('.MuiCardContent-root > p, .MuiCardContent-root > .MuiTypography-body2')].map((line) =>
    [...line.classList].find((name) => /^MuiTypography-(subtitle1|body2)$/.test(name)),
  );

describe('ContactCard', () => {
  it('waits with placeholders in the lines the loaded card shows (name, email): nothing below moves', () => {
    const member: MemberDto = {
      userId: 'u-1',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      role: 'Admin',
      mfaEnabled: false,
    };
    const pending = renderWithApp(<ContactCard labelKey="account.owner" userId="u-1" membersPending />);
    expect(pending.container.querySelectorAll('.MuiSkeleton-root')).toHaveLength(2);
    const waiting = bodyLines(pending.container);
    pending.unmount();

    const loaded = renderWithApp(
      <ContactCard labelKey="account.owner" userId="u-1" members={[member]} membersPending={false} />,
    );
    expect(screen.getByText('Ada Lovelace')).toBeTruthy();
    expect(bodyLines(loaded.container)).toEqual(waiting);
  });
});
