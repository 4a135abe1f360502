import type { DataSource } from 'typeorm';

/**
 * Creates or updates the role a walled service serves as (the tenant wall: it owns no table, is not superuser, cannot
 * bypass row-level security, creates nothing) and grants it what a service needs on the owner's database: connect,
 * read and write every table, use the sequences, and the same on tables the owner creates later (analytics' monthly
 * partitions). Run by the migration, as the owner, after the schema changed. `password`: set (or reset, so the
 * role follows the deployment's secret) when given; local trust needs none.
 */
export async function ensureRuntimeRole(owner: DataSource, role: string, password?: string): Promise<void> {
  const statement = async (template: string, ...values: string[]) => {
    const [{ text }] = (await owner.query(`SELECT format(${template}) AS text`, values)) as { text: string }[];
    await owner.query(text);
  };
  const [existing] = (await owner.query(
    `SELECT rolsuper AS superuser, rolbypassrls AS bypass FROM pg_roles WHERE rolname = $1`,
    [role],
  )) as { superuser: boolean; bypass: boolean }[];
  if (existing?.superuser || existing?.bypass)
    throw new Error(`${role} is a superuser or bypasses row-level security: the tenant wall would not hold`);
  if (!existing)
    await statement(`'CREATE ROLE %I LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE', $1::text`, role).catch(
      (error: unknown) => {
        // Roles are the cluster's: another copy's migration (npm test beside npm start) may have just created it.
        if ((error as { code?: string }).code !== '42710') throw error;
      },
    );
  if (password) await statement(`'ALTER ROLE %I PASSWORD %L', $1::text, $2::text`, role, password);
  await statement(`'GRANT CONNECT ON DATABASE %I TO %I', current_database(), $1::text`, role);
  for (const grant of [
    'GRANT USAGE ON SCHEMA public TO %I',
    'GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO %I',
    'GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO %I',
    'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO %I',
    'ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO %I',
  ])
    await statement(`'${grant}', $1::text`, role);
}
