/**
 * Bytes of an ICS file → text. A BOM decides (UTF-8, UTF-16 LE/BE); UTF-16 without a BOM is recognised by its
 * zero bytes; otherwise strict UTF-8, then UTF-8 once folds are removed (a fold may split a multi-byte
 * character), and windows-1252 (a superset of latin1) when the bytes are not UTF-8.
 */
export function decodeIcsText(input: string | Uint8Array): { text: string; encoding: string } {
  if (typeof input === 'string') return { text: stripBom(input), encoding: 'utf-8' };
  const bytes = input;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: decode('utf-8', bytes.subarray(3), false), encoding: 'utf-8' };
  }
  const utf16 = utf16Encoding(bytes);
  if (utf16) return { text: stripBom(decode(utf16, bytes, false)), encoding: utf16 };
  try {
    return { text: decode('utf-8', bytes, true), encoding: 'utf-8' };
  } catch {
    // Not UTF-8 as it stands.
  }
  try {
    return { text: decode('utf-8', unfoldBytes(bytes), true), encoding: 'utf-8' };
  } catch {
    return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
  }
}

/** UTF-16 by its byte-order mark, or by the zero bytes of ASCII text in it; undefined for any other bytes. */
export function utf16Encoding(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes.length < 4) return undefined;
  if (bytes[0] !== 0 && bytes[1] === 0 && bytes[2] !== 0 && bytes[3] === 0) return 'utf-16le';
  if (bytes[0] === 0 && bytes[1] !== 0 && bytes[2] === 0 && bytes[3] !== 0) return 'utf-16be';
  return undefined;
}

/** Charsets the windows-1252 fallback already reads as they are meant (latin1 and ASCII are its subsets). */
const READ_AS_FALLBACK = new Set(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252']);

/**
 * The bytes as UTF-8 when they are in the charset their server declared (`Content-Type: text/calendar;
 * charset=Shift_JIS`) and not UTF-8 already: a Japanese school's or a Russian club's feed would otherwise be read
 * as windows-1252, every title garbled. UTF-8 (or a BOM) wins over the label, which servers often get wrong; an
 * unknown label is ignored.
 */
export function inDeclaredCharset(bytes: Uint8Array, charset: string | undefined): Uint8Array {
  if (!charset) return bytes;
  let encoding: string;
  try {
    encoding = new TextDecoder(charset.trim()).encoding;
  } catch {
    return bytes;
  }
  if (READ_AS_FALLBACK.has(encoding) || decodeIcsText(bytes).encoding !== 'windows-1252') return bytes;
  return Buffer.from(decode(encoding, bytes, false), 'utf8');
}

/** 0x80–0x9F of windows-1252 (Node's TextDecoder reads them as latin1 C1 controls). 0 = unassigned. */
const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0,
  0x017d, 0, 0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0, 0x017e, 0x0178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  const chunk: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    chunk.push(b >= 0x80 && b <= 0x9f ? CP1252_HIGH[b - 0x80] || b : b);
    if (chunk.length === 8192) {
      out += String.fromCharCode(...chunk);
      chunk.length = 0;
    }
  }
  return out + String.fromCharCode(...chunk);
}

function decode(encoding: string, bytes: Uint8Array, fatal: boolean): string {
  return new TextDecoder(encoding, { fatal, ignoreBOM: true }).decode(bytes);
}

function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** Removes CRLF/LF followed by a space or tab (RFC 5545 §3.1 folding) at the byte level. */
function unfoldBytes(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b === 0x0d && bytes[i + 1] === 0x0a && (bytes[i + 2] === 0x20 || bytes[i + 2] === 0x09)) {
      i += 2;
      continue;
    }
    if (b === 0x0a && (bytes[i + 1] === 0x20 || bytes[i + 1] === 0x09)) {
      i += 1;
      continue;
    }
    out[n++] = b;
  }
  return out.subarray(0, n);
}
