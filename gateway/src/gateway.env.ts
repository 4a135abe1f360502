import { IsString, Matches, MinLength, ValidateIf } from 'class-validator';
import { DEFAULT_PORTS, ServiceName } from '@infra/contracts';
import { CommonEnv, DEV_JWT_SECRET, loadConfig } from '@infra/platform';

const URL_PATTERN = /^https?:\/\/[^\s/]+(:\d+)?\/?$/;
const urlMessage = (name: string) => ({ message: `${name} must be an http(s) base URL such as http://127.0.0.1:3001` });

export class GatewayEnv extends CommonEnv {
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

  /** HS256 key for access tokens (shared with identity, which issues them). Dev default outside production only. */
  @ValidateIf((env: GatewayEnv) => env.NODE_ENV === 'production' || env.JWT_SECRET !== undefined)
  @IsString()
  @MinLength(32)
  JWT_SECRET?: string;

  get jwtSecret(): string {
    return this.JWT_SECRET ?? DEV_JWT_SECRET;
  }

  serviceUrl(service: ServiceName): string {
    const urls: Record<ServiceName, string> = {
      identity: this.SERVICE_URL_IDENTITY,
      inventory: this.SERVICE_URL_INVENTORY,
      tagging: this.SERVICE_URL_TAGGING,
      events: this.SERVICE_URL_EVENTS,
      analytics: this.SERVICE_URL_ANALYTICS,
    };
    return urls[service].replace(/\/$/, '');
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
