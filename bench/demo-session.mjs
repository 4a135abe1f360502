// The demo Admin's session for the browser benches (bench:lighthouse, bench:main-thread): its cookies, and the first
// asset, collection and view of the organization the app opens by default.

// The demo Admin of the seed (test/e2e/support/api-client.ts): an account Admin without MFA.
const DEMO_ADMIN = { email: 'admin@demo.local', password: 'Demo-Admin-Pass-1' };

/** Signs in through the sign-in call and returns the session cookies (name, value, path). */
export async function demoAdminCookies(baseUrl) {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(DEMO_ADMIN),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookies = response.headers.getSetCookie().map((header) => {
    const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const path = attributes.find((attribute) => /^path=/i.test(attribute))?.slice(5) ?? '/';
    return { name: pair.slice(0, separator), value: pair.slice(separator + 1), path };
  });
  if (cookies.length === 0) throw new Error('sign-in set no cookie');
  return cookies;
}

/** The first asset, collection and view of the organization the app opens by default (the first of the first account). */
export async function firstIds(baseUrl, cookies) {
  const headers = { cookie: cookies.map(({ name, value }) => `${name}=${value}`).join('; ') };
  const profile = await (await fetch(`${baseUrl}/api/v1/users/profile`, { headers })).json();
  const organizationid = profile.accounts?.[0]?.organization?.[0]?.id;
  const first = async (kind) => {
    const response = await fetch(`${baseUrl}/api/v1/${kind}`, { headers: { ...headers, organizationid } });
    const list = await response.json();
    const id = (list.items ?? list)[0]?.id;
    if (!id) throw new Error(`the demo organization has no ${kind}`);
    return id;
  };
  return { asset: await first('assets'), collection: await first('collections'), view: await first('views') };
}
