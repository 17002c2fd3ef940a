import { z } from 'zod';
import { ConfigError, DEFAULT_DATA_DIR, DEFAULT_HOST, DEFAULT_PORT, resolveDataDir } from './startup-env';

export { ConfigError };

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalUrl = z.url().optional();

/** Every environment variable the program reads; process.env is read nowhere else. */
export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    ROLE: z.enum(['all', 'serve', 'work']).default('all'),
    PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_PORT),
    HOST: z.string().default(DEFAULT_HOST),
    DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
    /** Set by npm to the folder `npm start` was typed in: a relative DATA_DIR is read from there. */
    INIT_CWD: z.string().optional(),
    DATABASE_URL: z.string().optional(),
    APP_URL: optionalUrl,
    SECRET_KEY: z.string().min(32, 'SECRET_KEY must be at least 32 characters').optional(),
    TRUST_PROXY: bool.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    DEMO_MODE: bool.optional(),
    DEMO_MAX_TEAMS: z.coerce.number().int().min(1).max(100_000).default(200),
    DEMO_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(30),
    DEMO_POOL_SIZE: z.coerce.number().int().min(0).max(50).default(2),
    WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    WORKER_PROCESS: z.enum(['separate', 'inline']).default('separate'),
    MAX_EVENTS_PER_PERSON: z.coerce.number().int().min(1_000).max(1_000_000).default(150_000),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
    REPORT_READ_BUDGET_MS: z.coerce.number().int().min(0).max(60_000).default(400),
    HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().min(1).max(300).default(10),
    HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
    HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(5),
    HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(120),
    HTTP_MAX_CONNECTIONS: z.coerce.number().int().min(10).max(1_000_000).default(10_000),
    HTTP_MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).max(1_000_000).optional(),
    CABLE_MAX_SOCKETS_PER_SESSION: z.coerce.number().int().min(1).max(1000).default(10),
    CABLE_MAX_SOCKETS: z.coerce.number().int().min(1).max(1_000_000).default(5000),
    ALLOW_PRIVATE_CALENDAR_HOSTS: bool.optional(),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('MeetWell <no-reply@meetwell.app>'),
    API_DOCS: bool.optional(),
    SOURCE_MAPS: bool.optional(),
    READ_CACHE: z.enum(['on', 'off']).default('on'),
    MAIL_SEND_LEASE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(180),
    INVITES_PER_ADMIN_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
    INVITES_PER_ADMIN_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(50),
    INVITES_PER_TEAM_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(50),
    INVITES_PER_TEAM_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(200),
    GOOGLE_CLIENT_ID: z.string().optional(),
    GOOGLE_CLIENT_SECRET: z.string().optional(),
    GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
    GOOGLE_API_URL: optionalUrl,
    MICROSOFT_CLIENT_ID: z.string().optional(),
    MICROSOFT_CLIENT_SECRET: z.string().optional(),
    MICROSOFT_TENANT: z.string().default('common'),
    MICROSOFT_ISSUER: optionalUrl,
    MICROSOFT_GRAPH_URL: optionalUrl,
    OIDC_ISSUER: optionalUrl,
    OIDC_CLIENT_ID: z.string().optional(),
    OIDC_CLIENT_SECRET: z.string().optional(),
    OIDC_NAME: z.string().default('Single sign-on'),
    EMAIL_SIGN_IN: z.enum(['auto', 'on', 'off']).default('auto'),
    STRIPE_SECRET_KEY: z.string().optional(),
    STRIPE_WEBHOOK_SECRET: z.string().optional(),
    STRIPE_API_URL: optionalUrl,
    SLACK_CLIENT_ID: z.string().optional(),
    SLACK_CLIENT_SECRET: z.string().optional(),
    SLACK_API_URL: optionalUrl,
  })
  .superRefine((env, ctx) => {
    const pairs: [keyof typeof env, keyof typeof env][] = [
      ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
      ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
      ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
      ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET'],
    ];
    for (const [a, b] of pairs) {
      if (Boolean(env[a]) !== Boolean(env[b])) {
        ctx.addIssue({ code: 'custom', path: [env[a] ? b : a], message: `${a} and ${b} go together` });
      }
    }
    if (env.OIDC_CLIENT_ID && !env.OIDC_ISSUER) {
      ctx.addIssue({
        code: 'custom',
        path: ['OIDC_ISSUER'],
        message: 'OIDC_ISSUER is required with OIDC_CLIENT_ID',
      });
    }
    if (env.HTTP_HEADERS_TIMEOUT_SECONDS > env.HTTP_REQUEST_TIMEOUT_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['HTTP_HEADERS_TIMEOUT_SECONDS'],
        message: 'HTTP_HEADERS_TIMEOUT_SECONDS must not exceed HTTP_REQUEST_TIMEOUT_SECONDS',
      });
    }
    if (env.DATABASE_URL && env.NODE_ENV === 'production' && !env.SECRET_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['SECRET_KEY'],
        message: 'SECRET_KEY is required when DATABASE_URL points at a shared database in production',
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export type SsoProvider = {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
};

export type Config = ReturnType<typeof buildConfig>;

export function loadConfig(source: NodeJS.ProcessEnv = process.env) {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return buildConfig(parsed.data);
}

/**
 * The validated environment as the app's configuration. Longer than 80 lines for a reason: it is one object
 * literal, a setting a line, grouped as the configuration is read (splitting it would only scatter the table).
 */
function buildConfig(env: Env) {
  const dataDir = resolveDataDir(env);
  const embeddedDatabase = !env.DATABASE_URL;
  const ssoProviders: SsoProvider[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    ssoProviders.push({
      id: 'google_oauth2',
      name: 'Google',
      issuer: env.GOOGLE_ISSUER,
      clientId: env.GOOGLE_CLIENT_ID,
      clientSecret: env.GOOGLE_CLIENT_SECRET,
    });
  }
  if (env.MICROSOFT_CLIENT_ID && env.MICROSOFT_CLIENT_SECRET) {
    ssoProviders.push({
      id: 'microsoft_graph',
      name: 'Microsoft',
      issuer: env.MICROSOFT_ISSUER ?? `https://login.microsoftonline.com/${env.MICROSOFT_TENANT}/v2.0`,
      clientId: env.MICROSOFT_CLIENT_ID,
      clientSecret: env.MICROSOFT_CLIENT_SECRET,
    });
  }
  if (env.OIDC_ISSUER && env.OIDC_CLIENT_ID && env.OIDC_CLIENT_SECRET) {
    ssoProviders.push({
      id: 'oidc',
      name: env.OIDC_NAME,
      issuer: env.OIDC_ISSUER,
      clientId: env.OIDC_CLIENT_ID,
      clientSecret: env.OIDC_CLIENT_SECRET,
    });
  }
  return {
    env: env.NODE_ENV,
    role: env.ROLE,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    embeddedDatabase,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    secretKey: env.SECRET_KEY,
    trustProxy: env.TRUST_PROXY,
    /** Production logs warnings and failed requests; elsewhere one line per request (info). */
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'production' ? 'warn' : 'info'),
    demoMode: env.DEMO_MODE ?? embeddedDatabase,
    /**
     * Live demo teams at most (the oldest is removed for a new one), demos one IP may start an hour, and demo
     * teams kept built ahead for each time zone visitors came from (features/demo/pool.ts; 0: seeded on the click).
     */
    demo: {
      maxTeams: env.DEMO_MAX_TEAMS,
      perIpPerHour: env.DEMO_PER_IP_PER_HOUR,
      poolSize: env.DEMO_POOL_SIZE,
    },
    /** CalDAV and ICS URLs on the server's own network: allowed on a single machine, refused when hosted. */
    allowPrivateCalendarHosts: env.ALLOW_PRIVATE_CALENDAR_HOSTS ?? embeddedDatabase,
    workerConcurrency: env.WORKER_CONCURRENCY,
    workerProcess: env.WORKER_PROCESS,
    maxEventsPerPerson: env.MAX_EVENTS_PER_PERSON,
    rateLimitPerMinute: env.RATE_LIMIT_PER_MINUTE,
    /** The longest a report read builds missing roll-up days before answering with the ready ones (meta.partial). */
    reportReadBudgetMs: env.REPORT_READ_BUDGET_MS,
    /**
     * What one connection may hold: headers within headersTimeoutMs, the whole request within
     * requestTimeoutMs, an idle keep-alive connection keepAliveTimeoutMs, a silent socket idleTimeoutMs;
     * at most maxConnections at once, and maxConnectionsPerIp from one address (0: none; off by default
     * behind a proxy, where every connection comes from the proxy).
     */
    http: {
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: env.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
      maxConnections: env.HTTP_MAX_CONNECTIONS,
      maxConnectionsPerIp: env.HTTP_MAX_CONNECTIONS_PER_IP ?? (env.TRUST_PROXY ? 0 : 256),
    },
    /** /cable: open sockets per session, and in all (per process). */
    cable: { maxSocketsPerSession: env.CABLE_MAX_SOCKETS_PER_SESSION, maxSockets: env.CABLE_MAX_SOCKETS },
    /** /api/docs (the OpenAPI explorer): on outside production unless switched off; off in production unless on. */
    apiDocs: env.API_DOCS ?? env.NODE_ENV !== 'production',
    /** The web app's .map files: served outside production, kept private in production unless switched on. */
    serveSourceMaps: env.SOURCE_MAPS ?? env.NODE_ENV !== 'production',
    /** Per-process read caches (sessions, a user's week), kept fresh by the database's notifications. */
    readCaches: env.READ_CACHE === 'on',
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, sendLeaseMs: env.MAIL_SEND_LEASE_SECONDS * 1000 },
    /** Invites one admin and one team may send, over the last hour and the last 24 hours. */
    invites: {
      perAdminPerHour: env.INVITES_PER_ADMIN_PER_HOUR,
      perAdminPerDay: env.INVITES_PER_ADMIN_PER_DAY,
      perTeamPerHour: env.INVITES_PER_TEAM_PER_HOUR,
      perTeamPerDay: env.INVITES_PER_TEAM_PER_DAY,
    },
    ssoProviders,
    /** Sign-in by e-mail link: `auto` offers it when no single sign-on provider is configured. */
    emailSignIn: env.EMAIL_SIGN_IN === 'on' || (env.EMAIL_SIGN_IN === 'auto' && ssoProviders.length === 0),
    google: { apiUrl: env.GOOGLE_API_URL },
    microsoft: { graphUrl: env.MICROSOFT_GRAPH_URL },
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiUrl: env.STRIPE_API_URL,
    },
    slack: {
      clientId: env.SLACK_CLIENT_ID,
      clientSecret: env.SLACK_CLIENT_SECRET,
      apiUrl: env.SLACK_API_URL,
    },
  };
}
