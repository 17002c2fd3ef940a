import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type FakeStripeServer,
  startFakeStripeServer,
} from '../../apps/server/src/features/billing/testing/fake-stripe-server';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags';
import { freePort, waitForHealth } from './global-setup';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const WEBHOOK_SECRET = 'whsec_e2e_meetwell_billing';

export interface ServerWithPayments {
  baseUrl: string;
  payments: FakeStripeServer;
  /** Posts a provider event to /webhooks/stripe, signed as the provider signs it. */
  sendPaymentEvent(type: string, object: unknown): Promise<Response>;
  stop(): Promise<void>;
}

/**
 * A second product server (same build, its own embedded PostgreSQL) whose payment provider is the in-memory
 * stand-in, so a journey can go through a checkout and its webhook. The shared journey server stays without
 * billing, as `npm start` is by default.
 */
export async function startServerWithPayments(): Promise<ServerWithPayments> {
  const payments = await startFakeStripeServer();
  payments.addPrice('team-500', 500);
  payments.addPrice('team-5000', 5000);
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meetwell-e2e-billing-'));
  await fs.chmod(dataDir, 0o755);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  let log = '';
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      LOG_LEVEL: 'warn',
      STRIPE_SECRET_KEY: 'sk_test_e2e_meetwell',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: payments.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.on('data', (chunk) => {
    log += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    log += chunk;
  });
  await waitForHealth(baseUrl, server, () => log);

  return {
    baseUrl,
    payments,
    sendPaymentEvent(type, object) {
      const created = Math.floor(Date.now() / 1000);
      const payload = JSON.stringify({
        id: `evt_e2e_${created}_${Math.random().toString(36).slice(2)}`,
        object: 'event',
        created,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
      const signature = createHmac('sha256', WEBHOOK_SECRET).update(`${created}.${payload}`).digest('hex');
      return fetch(`${baseUrl}/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': `t=${created},v1=${signature}` },
        body: payload,
      });
    },
    async stop() {
      server.kill('SIGTERM');
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          server.kill('SIGKILL');
          resolve(null);
        }, 15_000);
        server.once('exit', () => {
          clearTimeout(timer);
          resolve(null);
        });
      });
      await payments.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
