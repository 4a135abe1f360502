/**
 * A LIKE / ILIKE pattern matching `text` anywhere: its own `%`, `_` and `\` match themselves (backslash is
 * PostgreSQL's default LIKE escape), so a search for "50%" finds "50%" and not "500".
 */
export function containingPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
