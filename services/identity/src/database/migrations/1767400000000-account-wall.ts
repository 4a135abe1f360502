import { accountWallDownSql, accountWallSql, sqlMigration } from '@infra/platform';

/**
 * Identity's tables that hold an account's rows, with the column naming the account (the catalog test checks none is
 * missing); memberships have their own policy (`accountWallSql`).
 */
export const ACCOUNT_TABLES = {
  accounts: 'id',
  organizations: 'account_id',
  invitations: 'account_id',
  api_keys: 'account_id',
  security_events: 'account_id',
};

/** Row-level security on identity's account tables, forced: the second wall in the fifth database (issue 23). */
export const AccountWall1767400000000 = sqlMigration(
  'AccountWall1767400000000',
  accountWallSql(ACCOUNT_TABLES),
  accountWallDownSql(ACCOUNT_TABLES),
);
