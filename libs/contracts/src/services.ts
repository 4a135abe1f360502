/** The backend services and their default local ports (the gateway listens on 8080). */
export const SERVICES = ['identity', 'inventory', 'tagging', 'events', 'analytics'] as const;
export type ServiceName = (typeof SERVICES)[number];

export const DEFAULT_PORTS: Record<ServiceName | 'gateway', number> = {
  gateway: 8080,
  identity: 3001,
  inventory: 3002,
  tagging: 3003,
  events: 3004,
  analytics: 3005,
};
