import { Type } from 'class-transformer';
import { IsInt, IsString, Matches, Max, Min, MinLength } from 'class-validator';
import { DEFAULT_PORTS, ServiceName } from '@infra/contracts';
import { CommonEnv, IsEd25519Key, loadConfig, Sensitive } from '@infra/platform';

const BASE_URL = String.raw`https?://[^\s/,]+(:\d+)?/?`;
/** One base URL (a Kubernetes Service), or several replicas' separated by commas (the gateway balances them). */
const URL_PATTERN = new RegExp(`^${BASE_URL}(,${BASE_URL})*$`);
const urlMessage = (name: string) => ({
  message: `${name} must be an http(s) base URL such as http://127.0.0.1:3001, or several separated by commas`,
});

export class GatewayEnv extends CommonEnv {
  /** The one public process: listens on every interface unless told otherwise. */
  override HOST = '0.0.0.0';

  /** Proxies (load balancers) in front of the gateway whose X-Forwarded-For is trusted; none by default. */
  override TRUST_PROXY_HOPS = 0;

  /** `/metrics` is served here only, never on the public port. */
  @IsInt()
  @Min(1)
  @Max(65535)
  @Type(() => Number)
  METRICS_PORT: number = 9464;

  /** Bind address of the metrics port; loopback unless a scraper elsewhere needs it (e.g. 0.0.0.0 in a pod). */
  @IsString()
  METRICS_HOST = '127.0.0.1';

  /** The web app's own origin: unsafe requests that carry a cookie must come from it (or from the request's host). */
  @Matches(/^$|^https?:\/\/\S+$/, { message: 'PUBLIC_URL must be empty or an http(s) URL' })
  PUBLIC_URL = '';

  get publicOrigin(): string | undefined {
    return this.PUBLIC_URL ? new URL(this.PUBLIC_URL).origin : undefined;
  }

  @Matches(URL_PATTERN, urlMessage('SERVICE_URL_IDENTITY'))
  SERVICE_URL_IDENTITY = `http://127.0.0.1:${DEFAULT_PORTS.identity}`;

  @Matches(URL_PATTERN, urlMessage('SERVICE_URL_INVENTORY'))
  SERVICE_URL_INVENTORY = `http://127.0.0.1:${DEFAULT_PORTS.inventory}`;

  @Matches(URL_PATTERN, urlMessage('SERVICE_URL_TAGGING'))
  SERVICE_URL_TAGGING = `http://127.0.0.1:${DEFAULT_PORTS.tagging}`;

  @Matches(URL_PATTERN, urlMessage('SERVICE_URL_EVENTS'))
  SERVICE_URL_EVENTS = `http://127.0.0.1:${DEFAULT_PORTS.events}`;

  @Matches(URL_PATTERN, urlMessage('SERVICE_URL_ANALYTICS'))
  SERVICE_URL_ANALYTICS = `http://127.0.0.1:${DEFAULT_PORTS.analytics}`;

  @IsString()
  WEB_DIST_DIR = 'web/dist';

  /** Comma-separated origins allowed by CORS. Empty: CORS closed (the web app is same-origin). */
  @Matches(/^$|^https?:\/\/[^,\s]+(,https?:\/\/[^,\s]+)*$/, {
    message: 'CORS_ORIGINS must be empty or a comma-separated list of origins',
  })
  CORS_ORIGINS = '';

  @Matches(/^\d+(b|kb|mb)$/i, { message: 'BODY_LIMIT must look like 512kb or 1mb' })
  BODY_LIMIT = '1mb';

  /** HS256 key of access tokens (shared with identity, which issues them). No default: generated per install. */
  @Sensitive()
  @IsString()
  @MinLength(32)
  JWT_SECRET!: string;

  /** Signs the caller context for the services (base64 PKCS#8 DER, Ed25519). Only the gateway holds it. */
  @Sensitive()
  @IsEd25519Key('private')
  CALLER_CONTEXT_PRIVATE_KEY!: string;

  /** The service's replicas' base URLs (one unless SERVICE_URL_<NAME> lists several). */
  serviceUrls(service: ServiceName): string[] {
    const urls: Record<ServiceName, string> = {
      identity: this.SERVICE_URL_IDENTITY,
      inventory: this.SERVICE_URL_INVENTORY,
      tagging: this.SERVICE_URL_TAGGING,
      events: this.SERVICE_URL_EVENTS,
      analytics: this.SERVICE_URL_ANALYTICS,
    };
    return urls[service].split(',').map((url) => url.replace(/\/$/, ''));
  }

  get bodyLimitBytes(): number {
    const [, amount, unit] = /^(\d+)(b|kb|mb)$/i.exec(this.BODY_LIMIT) ?? ['', '1', 'mb'];
    const factor = { b: 1, kb: 1024, mb: 1024 * 1024 }[unit.toLowerCase() as 'b' | 'kb' | 'mb'];
    return Number(amount) * factor;
  }
}

export function loadGatewayEnv(env = process.env): GatewayEnv {
  return loadConfig(GatewayEnv, { PORT: DEFAULT_PORTS.gateway, KAFKA_CLIENT_ID: 'gateway' }, env);
}
