import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('configuration from the environment', () => {
  it('defaults to the embedded database with the demo and a local data folder', () => {
    const config = loadConfig({ INIT_CWD: '/srv/meetwell' });
    expect(config).toMatchObject({
      port: 3000,
      embeddedDatabase: true,
      demoMode: true,
      dataDir: path.resolve('/srv/meetwell', 'data'),
      appUrl: 'http://localhost:3000',
      allowPrivateCalendarHosts: true,
    });
  });

  it('names every wrong variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' })).toThrowError(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', LOG_LEVEL: 'loud' });
    } catch (error) {
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/LOG_LEVEL/);
    }
  });

  it('requires SECRET_KEY for a shared database in production, and provider secrets in pairs', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/meetwell' })).toThrow(
      /SECRET_KEY/,
    );
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(/GOOGLE_CLIENT_SECRET/);
    const hosted = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db/meetwell',
      SECRET_KEY: 'k'.repeat(40),
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(hosted).toMatchObject({
      demoMode: false,
      allowPrivateCalendarHosts: false,
      embeddedDatabase: false,
    });
    expect(hosted.ssoProviders.map((p) => p.id)).toEqual(['google_oauth2']);
  });
});

describe('connection and abuse limits', () => {
  it('have defaults for a server facing the public, a per-address limit only without a proxy, and refuse nonsense', () => {
    const direct = loadConfig({});
    expect(direct.http).toEqual({
      headersTimeoutMs: 10_000,
      requestTimeoutMs: 30_000,
      keepAliveTimeoutMs: 5_000,
      idleTimeoutMs: 120_000,
      maxConnections: 10_000,
      maxConnectionsPerIp: 256,
    });
    expect(direct.cable).toEqual({ maxSocketsPerSession: 10, maxSockets: 5000 });
    expect(direct.invites).toEqual({
      perAdminPerHour: 20,
      perAdminPerDay: 50,
      perTeamPerHour: 50,
      perTeamPerDay: 200,
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).http.maxConnectionsPerIp).toBe(0);
    expect(
      loadConfig({ TRUST_PROXY: 'true', HTTP_MAX_CONNECTIONS_PER_IP: '40' }).http.maxConnectionsPerIp,
    ).toBe(40);
    expect(() => loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '90' })).toThrow(/HTTP_HEADERS_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ INVITES_PER_ADMIN_PER_HOUR: '0' })).toThrow(/INVITES_PER_ADMIN_PER_HOUR/);
    expect(() => loadConfig({ CABLE_MAX_SOCKETS: 'lots' })).toThrow(/CABLE_MAX_SOCKETS/);
  });
});

describe('the configuration table (docs/configuration.md)', () => {
  it('documents every environment variable the program reads', async () => {
    const { envSchema } = await import('./config');
    const fs = await import('node:fs/promises');
    const doc = await fs.readFile(path.resolve(__dirname, '../../../docs/configuration.md'), 'utf8');
    const documented = new Set([...doc.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]));
    // Set by npm itself, not by whoever runs the server.
    const missing = Object.keys(envSchema.shape).filter(
      (name) => name !== 'INIT_CWD' && !documented.has(name),
    );
    expect(missing).toEqual([]);
  });
});

describe('the node flags (node-flags.ts)', () => {
  it('are the ones npm start and every command of docs/deployment.md run the server with', async () => {
    const { SERVER_NODE_FLAGS } = await import('./node-flags');
    const fs = await import('node:fs/promises');
    const read = (file: string) => fs.readFile(path.resolve(__dirname, file), 'utf8');
    const start = JSON.parse(await read('../package.json')).scripts.start as string;
    expect(start).toContain(`node ${SERVER_NODE_FLAGS.join(' ')} dist/main.js`);
    const deployment = await read('../../../docs/deployment.md');
    const commands = [...deployment.matchAll(/node"?,? [^\n]*main\.js/g)].map((m) => m[0]);
    expect(commands.length).toBeGreaterThanOrEqual(4);
    for (const command of commands) {
      const flags = command.match(/--[a-z-]+(=\d+)?/g);
      expect(flags).toEqual([...SERVER_NODE_FLAGS]);
    }
  });
});
