/**
 * Full-page navigations, behind one object so tests can observe them (jsdom's `window.location` cannot be
 * spied on).
 */
export const browserLocation = {
  /** Navigates, keeping the current page in the history (after signing in, signing out). */
  assign(url: string): void {
    window.location.assign(url);
  },
  /** Navigates, replacing the current page in the history (the 401 rule). */
  replace(url: string): void {
    window.location.replace(url);
  },
};
