import sqlTag, { empty, join, raw, Sql, type RawValue } from 'sql-template-tag';

export { empty, join, raw, Sql };

/**
 * A statement or fragment whose values become numbered parameters (`$1`, `$2`, … in order of appearance), so that
 * fragments compose without counting: `sql\`… WHERE ${condition} AND day >= ${start}\``. A nested `Sql` is spliced
 * with its own values; `raw` inserts trusted text (aliases, column lists); `join` lists fragments. Any value the
 * driver takes may be interpolated (dates, arrays), hence the wider type than the package's.
 */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  return sqlTag(strings, ...(values as RawValue[]));
}

/** What can run a statement: a TypeORM DataSource, EntityManager or QueryRunner. */
export interface SqlRunner {
  query(text: string, values?: unknown[]): Promise<unknown>;
}

/** Runs a composed statement: its text with `$n` placeholders and its values in order. */
export function runSql<Row = Record<string, unknown>>(runner: SqlRunner, statement: Sql): Promise<Row[]> {
  return runner.query(statement.text, statement.values) as Promise<Row[]>;
}
