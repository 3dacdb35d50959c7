import { cpus, totalmem } from 'node:os';
import { resolve } from 'node:path';

/** Thrown by loadConfig with every problem at once. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;
type Parser<T> = (raw: string) => T;

interface Field<T> {
  env: string;
  /** Value when the variable is unset or empty. */
  default: T | (() => T);
  parse: Parser<T>;
  /** Environment variables whose value is secret: never echoed in errors. */
  secret?: boolean;
}

function int(min: number, max: number): Parser<number> {
  return (raw) => {
    if (!/^-?\d+$/.test(raw.trim())) throw new Error(`must be a whole number, got "${raw}"`);
    const n = Number(raw);
    if (n < min || n > max) throw new Error(`must be between ${min} and ${max}, got ${n}`);
    return n;
  };
}

function optionalInt(min: number, max: number): Parser<number | null> {
  const parse = int(min, max);
  return (raw) => (raw.trim() === '' ? null : parse(raw));
}

function list<T>(item: Parser<T>): Parser<T[]> {
  return (raw) =>
    raw
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .map(item);
}

const str: Parser<string> = (raw) => raw.trim();
const optional: Parser<string | null> = (raw) => raw.trim() || null;

function url(protocols: string[]): Parser<string | null> {
  return (raw) => {
    const u = new URL(raw.trim());
    if (!protocols.includes(u.protocol)) throw new Error(`must use ${protocols.join(' or ')}`);
    return raw.trim();
  };
}

const cidr: Parser<string> = (raw) => {
  if (!/^[0-9a-fA-F.:]+\/\d{1,3}$/.test(raw)) throw new Error(`"${raw}" is not a CIDR such as 10.0.0.0/8`);
  return raw;
};

const hostPort: Parser<string> = (raw) => {
  if (!/^(\[[0-9a-fA-F:]+\]|[0-9.]+|[0-9a-fA-F:]+)(:\d+)?$/.test(raw))
    throw new Error(`"${raw}" is not ip[:port]`);
  return raw;
};

const redisPrefix: Parser<string> = (raw) => {
  const v = raw.trim();
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(v))
    throw new Error(`must be 1 to 64 letters, digits, _ . or -, got "${v}"`);
  return v;
};

const bool: Parser<boolean> = (raw) => {
  const v = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(v)) return true;
  if (['0', 'false', 'no', 'off'].includes(v)) return false;
  throw new Error(`must be true or false, got "${raw}"`);
};

const logLevel: Parser<string> = (raw) => {
  const v = raw.trim();
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(v))
    throw new Error(`unknown level "${v}"`);
  return v;
};

/** Captures at once per worker: one per core, at most one per 1.5 GiB of memory, 1 to 8. */
function defaultConcurrency(): number {
  const byMemory = Math.floor(totalmem() / (1.5 * 1024 ** 3));
  return Math.max(1, Math.min(8, cpus().length, byMemory));
}

/** The one schema of Shots' configuration (CONTRACT §2 plus the extras the README lists). */
const SCHEMA = {
  port: { env: 'PORT', default: 8080, parse: int(0, 65535) },
  /** Where `shots worker` (the worker role without the API) serves `/metrics` and `/healthz`; unset: nowhere. */
  workerMetricsPort: { env: 'WORKER_METRICS_PORT', default: null, parse: optionalInt(0, 65535) },
  host: { env: 'HOST', default: '0.0.0.0', parse: str },
  publicBaseUrl: { env: 'PUBLIC_BASE_URL', default: null, parse: url(['http:', 'https:']) },
  dataDir: { env: 'DATA_DIR', default: './data', parse: str },
  concurrency: { env: 'CONCURRENCY', default: defaultConcurrency, parse: int(1, 64) },
  allowedPrivateNetworks: { env: 'ALLOWED_PRIVATE_NETWORKS', default: [] as string[], parse: list(cidr) },
  dnsServers: { env: 'DNS_SERVERS', default: [] as string[], parse: list(hostPort) },
  webhookRetryScheduleSeconds: {
    env: 'WEBHOOK_RETRY_SCHEDULE',
    default: [5, 300, 1800, 7200, 18000, 36000, 36000],
    parse: list(int(0, 7 * 24 * 3600)),
  },
  jobRetryDelaysSeconds: { env: 'JOB_RETRY_DELAYS', default: [2, 8], parse: list(int(0, 3600)) },
  navigationTimeoutMs: { env: 'NAVIGATION_TIMEOUT_MS', default: 30_000, parse: int(1000, 300_000) },
  /** From the start of navigation, the time its milestone (load by default) may take; past it the page is captured as it is. */
  loadTimeoutMs: { env: 'LOAD_TIMEOUT_MS', default: 15_000, parse: int(1000, 300_000) },
  /**
   * Hard deadline of one attempt. 150 s so that the longest video at the default viewport fits:
   * 30 s at 30 fps of a long page took 36 s alone and 87 s with two at once on a loaded 2-core
   * machine, plus up to 30 s of navigation. Larger viewports need more (about 110 ms a frame at 1080p).
   */
  captureTimeoutMs: { env: 'CAPTURE_TIMEOUT_MS', default: 150_000, parse: int(5000, 600_000) },
  maxFullPageHeightPx: { env: 'MAX_FULL_PAGE_HEIGHT_PX', default: 65_536, parse: int(720, 262_144) },
  /**
   * Full pages: move what is pinned to the viewport's bottom to the page's bottom, and spread fixed
   * backdrop layers over the page, as a reader scrolling down sees them. Off by default: CONTRACT §4a
   * has fixed and sticky elements appear once, at their place at the top.
   */
  fullPagePlaceFixed: { env: 'FULL_PAGE_PLACE_FIXED', default: false, parse: bool },
  browserMaxCaptures: { env: 'BROWSER_MAX_CAPTURES', default: 200, parse: int(1, 100_000) },
  chromiumPath: { env: 'CHROMIUM_PATH', default: null, parse: optional },
  cacheTtlSeconds: { env: 'CACHE_TTL_SECONDS', default: 86_400, parse: int(0, 365 * 86_400) },
  leaseMs: { env: 'JOB_LEASE_MS', default: 30_000, parse: int(2000, 600_000) },
  /** Claim on one webhook delivery; longer than the 10 s delivery deadline so a live attempt is never sent twice. */
  webhookLeaseMs: { env: 'WEBHOOK_LEASE_MS', default: 30_000, parse: int(11_000, 600_000) },
  /** Deliveries in flight at once per dispatcher (one dispatcher per worker process). */
  webhookConcurrency: { env: 'WEBHOOK_CONCURRENCY', default: 4, parse: int(1, 256) },
  /** Days after a job ended before it, its artifact, its deliveries and idempotency record are deleted; 0 keeps them. */
  retentionDays: { env: 'RETENTION_DAYS', default: 30, parse: int(0, 36_500) },
  logLevel: { env: 'LOG_LEVEL', default: 'info', parse: logLevel },
  secretKey: { env: 'SECRET_KEY', default: null, parse: optional, secret: true },
  redisUrl: { env: 'REDIS_URL', default: null, parse: url(['redis:', 'rediss:']), secret: true },
  databaseUrl: { env: 'DATABASE_URL', default: null, parse: url(['postgres:', 'postgresql:']), secret: true },
  /** Prefix of every Redis key (BullMQ queue, rate-limit windows): several deployments or test runs share one Redis. */
  redisPrefix: { env: 'REDIS_PREFIX', default: 'shots', parse: redisPrefix },
  s3Endpoint: { env: 'S3_ENDPOINT', default: null, parse: url(['http:', 'https:']) },
  s3Bucket: { env: 'S3_BUCKET', default: null, parse: optional },
  s3Region: { env: 'S3_REGION', default: null, parse: optional },
  s3AccessKeyId: { env: 'S3_ACCESS_KEY_ID', default: null, parse: optional, secret: true },
  s3SecretAccessKey: { env: 'S3_SECRET_ACCESS_KEY', default: null, parse: optional, secret: true },
  s3ForcePathStyle: { env: 'S3_FORCE_PATH_STYLE', default: false, parse: bool },
  aiGatewayUrl: { env: 'AI_GATEWAY_URL', default: null, parse: url(['http:', 'https:']) },
  aiGatewayApiKey: { env: 'AI_GATEWAY_API_KEY', default: null, parse: optional, secret: true },
  aiModel: { env: 'AI_MODEL', default: null, parse: optional },
  /** One model gateway request; one retry after a timeout, so a description can wait about twice this. */
  aiTimeoutMs: { env: 'AI_TIMEOUT_MS', default: 20_000, parse: int(1000, 120_000) },
  proxyUsEast: { env: 'PROXY_US_EAST', default: null, parse: url(['http:', 'https:']), secret: true },
  proxyEuWest: { env: 'PROXY_EU_WEST', default: null, parse: url(['http:', 'https:']), secret: true },
  proxyApSoutheast: {
    env: 'PROXY_AP_SOUTHEAST',
    default: null,
    parse: url(['http:', 'https:']),
    secret: true,
  },
} satisfies Record<string, Field<unknown>>;

type Schema = typeof SCHEMA;
export type Config = Readonly<{
  [K in keyof Schema]: Schema[K] extends Field<infer T> ? T : never;
}>;

export interface LoadConfigOptions {
  /**
   * What the configuration is for. `service` (default; `shots serve`, `api`, `worker`): REDIS_URL
   * and DATABASE_URL go together. `accounts` (the `accounts` and `keys` commands, which use only
   * the account store): DATABASE_URL alone is enough, and REDIS_URL is not used.
   */
  use?: 'service' | 'accounts';
}

/** Reads and checks every variable; reports all problems at once; returns a frozen object. */
export function loadConfig(env: Env, options: LoadConfigOptions = {}): Config {
  const problems: string[] = [];
  const out: Record<string, unknown> = {};
  for (const [field, spec] of Object.entries(SCHEMA) as [string, Field<unknown>][]) {
    const raw = env[spec.env];
    if (raw === undefined || raw.trim() === '') {
      out[field] = typeof spec.default === 'function' ? (spec.default as () => unknown)() : spec.default;
      continue;
    }
    try {
      out[field] = spec.parse(raw);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      problems.push(spec.secret ? `${spec.env} is not valid (value hidden)` : `${spec.env}: ${why}`);
    }
  }
  // SECRET_KEY is optional in every mode: without it scale-out keeps a generated key in PostgreSQL.
  if ((options.use ?? 'service') === 'service') {
    if ((out.redisUrl === null) !== (out.databaseUrl === null))
      problems.push('REDIS_URL and DATABASE_URL go together: set both for scale-out mode, or neither');
  } else if (out.redisUrl !== null && out.databaseUrl === null) {
    problems.push(
      'REDIS_URL is set without DATABASE_URL: in scale-out accounts live in PostgreSQL; set DATABASE_URL too, or neither',
    );
  }
  const s3 = ['s3Bucket', 's3Region', 's3AccessKeyId', 's3SecretAccessKey'].filter((k) => out[k] !== null);
  if (s3.length > 0 && s3.length < 4) {
    problems.push(
      'S3 storage needs S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
    );
  }
  if (problems.length > 0) throw new ConfigError(problems);
  out.dataDir = resolve(String(out.dataDir));
  return Object.freeze(out) as Config;
}
