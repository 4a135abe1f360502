/** Everything the services serve is below this prefix at the gateway (spec §7). */
export const API_PREFIX = '/api/v1';
