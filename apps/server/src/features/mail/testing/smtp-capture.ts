/**
 * A real local SMTP server (smtp-server) that keeps what it receives, for tests. Point SMTP_URL at `url`
 * (nodemailer gets ignoreTLS=true from the URL; the server disables STARTTLS). `refuseNext(n)` answers the
 * next n messages with 451 after reading them, like a server that is briefly unavailable.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type CapturedMail = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  raw: string;
};

export type SmtpCapture = {
  url: string;
  messages: CapturedMail[];
  refuseNext(count: number): void;
  /** Answers 451 to the next `times` messages whose subject matches. */
  refuseMatching(subject: RegExp, times?: number): void;
  /**
   * Reads the next message whose subject matches and never answers it, like a server (or a network) that
   * stalls while the sender is killed. `accepted`: the server had already taken the message (it is kept in
   * `messages`) — the case in which a sender that retries delivers a second copy.
   */
  holdMatching(subject: RegExp, options: { accepted: boolean }): void;
  /** How many messages are being held unanswered. */
  held(): number;
  close(): Promise<void>;
};

function decodeQuotedPrintable(body: string): string {
  const bytes: number[] = [];
  const text = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(text.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      for (const b of Buffer.from(c, 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeWords(value: string): string {
  // Whitespace between two encoded words is not part of the text (RFC 2047 §6.2).
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_all, _charset, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
  }
  return headers;
}

function splitMessage(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: parseHeaders(raw), body: '' };
  return { headers: parseHeaders(raw.slice(0, at)), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? '').toLowerCase();
  if (e === 'quoted-printable') return decodeQuotedPrintable(body);
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text and HTML parts of a (multipart/alternative, possibly nested) message. */
function parts(
  message: { headers: Record<string, string>; body: string },
  found: { text: string; html: string },
) {
  const type = message.headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.toLowerCase().startsWith('multipart/') && boundary) {
    for (const chunk of message.body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      parts(splitMessage(chunk.replace(/^\r?\n/, '')), found);
    }
    return found;
  }
  const decoded = decodeBody(message.body, message.headers['content-transfer-encoding']);
  if (type.toLowerCase().startsWith('text/html')) found.html = decoded;
  else if (type.toLowerCase().startsWith('text/plain')) found.text = decoded;
  return found;
}

function parseMail(raw: string, envelope: { from: string; to: string[] }): CapturedMail {
  const message = splitMessage(raw);
  const { text, html } = parts(message, { text: '', html: '' });
  return {
    from: envelope.from,
    to: envelope.to,
    subject: decodeWords(message.headers.subject ?? ''),
    text,
    html,
    headers: message.headers,
    raw,
  };
}

/** The hrefs of an HTML mail, entities decoded. */
export function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  let refuse = 0;
  const refusals: { subject: RegExp; times: number }[] = [];
  const holds: { subject: RegExp; accepted: boolean }[] = [];
  let heldCount = 0;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const envelope = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
        };
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), envelope);
        const holdAt = holds.findIndex((h) => h.subject.test(mail.subject));
        if (holdAt >= 0) {
          const [hold] = holds.splice(holdAt, 1);
          if (hold!.accepted) messages.push(mail);
          heldCount++;
          return;
        }
        const matching = refusals.find((r) => r.times > 0 && r.subject.test(mail.subject));
        if (matching) matching.times--;
        if (refuse > 0 || matching) {
          if (!matching) refuse--;
          const error = new Error('Service temporarily unavailable, try again later') as Error & {
            responseCode: number;
          };
          error.responseCode = 451;
          callback(error);
          return;
        }
        messages.push(mail);
        callback();
      });
    },
  });
  // A sender killed mid-transfer (the killed-worker tests do it on purpose) resets its connection: that is a
  // client going away, not a failure of the capture, and must not surface as an uncaught error.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}/?ignoreTLS=true`,
    messages,
    refuseNext(count) {
      refuse = count;
    },
    refuseMatching(subject, times = 1) {
      refusals.push({ subject, times });
    },
    holdMatching(subject, { accepted }) {
      holds.push({ subject, accepted });
    },
    held: () => heldCount,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
