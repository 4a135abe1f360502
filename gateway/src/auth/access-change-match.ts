/** Does an access change's list name this id? (A missing list names nothing.) */
export const includes = (ids: readonly string[] | undefined, id: string | null | undefined): boolean =>
  id !== undefined && id !== null && ids !== undefined && ids.includes(id);
