/**
 * A performance mark each app sets when it starts its first render, after the chunks and translations it waits for:
 * the browser test counts the scripts asked for before it (the budget of issue 21, item 8).
 */
export const FIRST_RENDER_MARK = 'app-first-render';
