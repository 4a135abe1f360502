/**
 * Whether the user has asked to sign out and the signed-out page is not loaded yet. A 401 meanwhile (a dashboard's
 * request answered after the session ended) is the end the user asked for: the 401 rule must not send them to
 * sign-in instead of the signed-out page (it did, on a loaded machine, when the 401 came last).
 */
let signingOut = false;

export const signingOutLatch = {
  start(): void {
    signingOut = true;
  },
  /** The sign-out did not reach the server: the session goes on, and so does the 401 rule. */
  cancel(): void {
    signingOut = false;
  },
  isSet(): boolean {
    return signingOut;
  },
};
