/**
 * The README page of the build lists the demo users' passwords and TOTP secret between these markers (for
 * people running it locally). Served to the world, that section is cut out. Both forms are handled: the
 * comment as written and as escaped by the page generator.
 */
const SECTION = [
  /<!--\s*demo-credentials:start[\s\S]*?<!--\s*demo-credentials:end\s*-->/g,
  /&lt;!--\s*demo-credentials:start[\s\S]*?&lt;!--\s*demo-credentials:end\s*--&gt;/g,
];
const REPLACEMENT = '(The demo sign-in details are in the repository README.)';

export function withoutDemoCredentials(page: Buffer): Buffer {
  let text = page.toString('utf8');
  for (const pattern of SECTION) text = text.replace(pattern, REPLACEMENT);
  return Buffer.from(text, 'utf8');
}
