import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';

const transports = new WeakMap<Config, Transporter>();

/**
 * The SMTP transport for SMTP_URL (e.g. smtps://user:pass@smtp.example.com, or
 * smtp://127.0.0.1:2525/?ignoreTLS=true for a local server), or null when none is configured: mail then stays
 * in the emails table with status 'outbox' (embedded and demo mode).
 */
export function mailTransport(config: Config): Transporter | null {
  if (!config.mail.smtpUrl) return null;
  let transport = transports.get(config);
  if (!transport) {
    // Bounded waits, well inside the send lease (MAIL_SEND_LEASE_SECONDS): a send that outlives its lease is
    // taken for a dead sender's and tried again.
    const leaseMs = config.mail.sendLeaseMs;
    transport = nodemailer.createTransport({
      url: config.mail.smtpUrl,
      connectionTimeout: Math.min(30_000, leaseMs / 4),
      greetingTimeout: Math.min(30_000, leaseMs / 4),
      socketTimeout: Math.min(60_000, leaseMs / 3),
    });
    transports.set(config, transport);
  }
  return transport;
}

/** Closes the cached transport of a configuration (tests, shutdown). */
export function closeMailTransport(config: Config) {
  transports.get(config)?.close();
  transports.delete(config);
}
