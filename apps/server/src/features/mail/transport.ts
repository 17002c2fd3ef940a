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
    transport = nodemailer.createTransport(config.mail.smtpUrl);
    transports.set(config, transport);
  }
  return transport;
}

/** Closes the cached transport of a configuration (tests, shutdown). */
export function closeMailTransport(config: Config) {
  transports.get(config)?.close();
  transports.delete(config);
}
