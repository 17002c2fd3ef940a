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
