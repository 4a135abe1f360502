import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { ServiceName, SERVICES } from '@infra/contracts';
import { GatewayEnv } from '../gateway.env';
import { UpstreamPool } from './upstream-pool';

/** One pool of replicas per service, shared by everything in the gateway that calls a service. */
@Injectable()
export class Upstreams implements OnApplicationShutdown {
  private readonly pools = new Map<ServiceName, UpstreamPool>();

  constructor(env: GatewayEnv) {
    for (const service of SERVICES)
      this.pools.set(
        service,
        new UpstreamPool(env.serviceUrls(service), { connections: 64, keepAliveTimeout: 30_000, pipelining: 1 }),
      );
  }

  of(service: ServiceName): UpstreamPool {
    return this.pools.get(service)!;
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.all([...this.pools.values()].map((pool) => pool.close()));
  }
}
