// What the fuzzer leaves behind that later tests of the same run could trip over: the per-client throttles its
// failed sign-ins, reset requests and keys counted (every test shares one client address), and accounts a fuzzed
// `POST accounts` created.
import { call } from '../api-client';
import { clearThrottles } from '../throttles';

const CLIENT_THROTTLES = ['throttle:login:ip:*', 'throttle:reset:ip:*', 'throttle:apikey:ip:*'];

export const clearClientThrottles = (): Promise<void> => clearThrottles(...CLIENT_THROTTLES);

async function accounts(sysadmin: string): Promise<{ id: string; name: string }[]> {
  const response = await call<{ id: string; name: string }[]>('GET', 'accounts', { token: sysadmin });
  if (response.status !== 200) throw new Error(`listing accounts failed: ${response.status} ${response.text}`);
  return response.body;
}

export async function accountIds(sysadmin: string): Promise<Set<string>> {
  return new Set((await accounts(sysadmin)).map((account) => account.id));
}

/** Deletes the accounts that were not there before (only the fuzzer created accounts meanwhile), named to confirm. */
export async function archiveNewAccounts(sysadmin: string, before: Set<string>): Promise<number> {
  const created = (await accounts(sysadmin)).filter((account) => !before.has(account.id));
  for (const { id, name } of created)
    await call('DELETE', `accounts/${id}?name=${encodeURIComponent(name)}`, { token: sysadmin });
  return created.length;
}
