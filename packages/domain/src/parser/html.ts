/**
 * HTML (and plain text) to lines of text, in one pass, never throwing.
 *
 * Block tags end lines (<br>, <div>, <li>, headings, table rows…); <p> ends a paragraph (a blank line);
 * <li> starts a '• ' item; <script>, <style>, <head>, comments and unclosed tags are dropped; entities are
 * decoded. A link whose text does not show its address keeps the address, wrapped in the private-use
 * characters LINK_OPEN/LINK_CLOSE, so pre-work items keep their URL.
 *
 * When the input has block tags, the source's own line breaks are plain whitespace (as a browser shows it);
 * with only inline tags (<a>, <b>…) or none, its line breaks are kept.
 */

import { decodeHTML } from 'entities';

export const LINK_OPEN = '\uE000';
export const LINK_CLOSE = '\uE001';

/** Invisible format characters that would split words or items when left in (soft hyphen, zero-width joiners). */
const INVISIBLE = /[\u00ad\u200b-\u200d\u2060\ufeff]/g;

/** Decode HTML character references: every HTML5 named one (the `entities` package) and every numeric one. */
export function decodeEntities(text: string): string {
  return text.indexOf('&') < 0 ? text : decodeHTML(text).replace(INVISIBLE, '');
}

const LINE_TAGS = new Set([
  'br',
  'div',
  'tr',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'table',
  'tbody',
  'thead',
  'tfoot',
  'section',
  'article',
  'header',
  'footer',
  'nav',
  'aside',
  'main',
  'blockquote',
  'pre',
  'hr',
  'center',
  'address',
  'figure',
  'figcaption',
  'form',
  'fieldset',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
]);
const CELL_TAGS = new Set(['td', 'th']);
const SKIPPED_CONTENT = new Set([
  'script',
  'style',
  'head',
  'title',
  'template',
  'noscript',
  'xml',
  'svg',
  'object',
]);
const BLOCK_TAG_TEST = /<\/?(?:br|p|div|li|ul|ol|table|tr|h[1-6]|blockquote|pre|hr)\b[^<>]*>/i;
const closeTagSearch = new Map<string, RegExp>();

function isTagStart(code: number): boolean {
  return (
    (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 47 || code === 33 || code === 63
  );
}

function isNameChar(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 58 ||
    code === 45
  );
}

/** The end ('>') of a tag starting at `from`, skipping quoted attribute values; -1 when unclosed. */
function tagEnd(html: string, from: number): number {
  let quote = 0;
  for (let i = from; i < html.length; i++) {
    const c = html.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === 34 || c === 39) {
      // Only treat a quote as opening a value after '=' (a stray apostrophe in a broken tag must not swallow the rest).
      let j = i - 1;
      while (j > from && html.charCodeAt(j) <= 32) j--;
      if (html.charCodeAt(j) === 61) quote = c;
    } else if (c === 62) {
      return i;
    }
  }
  return -1;
}

/**
 * The text being built: chunks in an array (indexing a long concatenated string would flatten it again and
 * again), with the number of line breaks it currently ends with.
 */
class TextOut {
  private readonly parts: string[] = [];
  private trailingNewlines = 0;
  private empty = true;

  push(chunk: string): void {
    if (!chunk) return;
    this.parts.push(chunk);
    let j = chunk.length - 1;
    let newlines = 0;
    while (j >= 0) {
      const c = chunk.charCodeAt(j);
      if (c === 10) newlines++;
      else if (c !== 32 && c !== 9) break;
      j--;
    }
    if (j >= 0) {
      this.empty = false;
      this.trailingNewlines = newlines;
    } else {
      this.trailingNewlines += newlines;
    }
  }

  /** End with at least `count` line breaks (spaces before them ignored; none before any text). */
  endLine(count: number): void {
    if (!this.empty && this.trailingNewlines < count) this.push('\n'.repeat(count - this.trailingNewlines));
  }

  mark(): number {
    return this.parts.length;
  }

  since(mark: number): string {
    return this.parts.slice(mark).join('');
  }

  toString(): string {
    return this.parts.join('');
  }
}

const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** Only the runs that change: a lone space stays as it is (fewer replacements, no copy when nothing changes). */
const WHITESPACE_TO_COLLAPSE = /[ \t\r\n\f]{2,}|[\t\r\n\f]/g;

function collapse(text: string): string {
  return text.replace(WHITESPACE_TO_COLLAPSE, ' ');
}

/** A text chunk of the source as it appears: whitespace collapsed (block HTML) or line breaks normalised. */
function textChunk(html: string, start: number, end: number, collapseSpace: boolean): string {
  const text = html.slice(start, end);
  return decodeEntities(
    collapseSpace ? collapse(text) : text.indexOf('\r') >= 0 ? text.replace(/\r\n?/g, '\n') : text,
  );
}

/** The end of a comment, doctype, CDATA or processing instruction starting at i (the text's end when unclosed). */
function declarationEnd(html: string, i: number): number {
  if (html.startsWith('<!--', i)) {
    const close = html.indexOf('-->', i + 4);
    return close < 0 ? html.length : close + 3;
  }
  const close = html.indexOf('>', i + 2);
  return close < 0 ? html.length : close + 1;
}

/** Where the content of a skipped element (script, style, …) ends: after its closing tag, else the text's end. */
function skippedContentEnd(html: string, name: string, from: number): number {
  let search = closeTagSearch.get(name);
  if (!search) {
    search = new RegExp(`</${name}\\s*>`, 'gi');
    closeTagSearch.set(name, search);
  }
  search.lastIndex = from;
  const found = search.exec(html);
  return found ? found.index + found[0].length : html.length;
}

/** The line breaks or space a tag stands for in the text. */
function pushTagSpacing(out: TextOut, name: string, closing: boolean): void {
  if (name === 'br') {
    out.push('\n');
  } else if (name === 'p') {
    out.endLine(2);
  } else if (name === 'li') {
    out.endLine(1);
    if (!closing) out.push('• ');
  } else if (LINE_TAGS.has(name)) {
    out.endLine(1);
  } else if (CELL_TAGS.has(name)) {
    out.push(' ');
  }
}

/**
 * Plain text of an HTML or plain-text description, with '\n' line breaks ('\n\n' between paragraphs).
 * Hidden link addresses are kept between LINK_OPEN and LINK_CLOSE.
 */
export function htmlToText(input: string): string {
  if (input.indexOf('<') < 0) return decodeEntities(input.replace(/\r\n?/g, '\n'));
  const html = input.replace(/[\uE000\uE001]/g, '');
  const collapseSpace = BLOCK_TAG_TEST.test(html);
  const n = html.length;
  const out = new TextOut();
  let textStart = 0;
  let href: string | null = null;
  let anchorStart = 0;
  let i = html.indexOf('<');

  while (i >= 0 && i < n) {
    const next = html.charCodeAt(i + 1);
    if (!isTagStart(next)) {
      i = html.indexOf('<', i + 1);
      continue;
    }
    if (i > textStart) out.push(textChunk(html, textStart, i, collapseSpace));
    // Comments, doctype, CDATA, processing instructions.
    if (next === 33 || next === 63) {
      const end = declarationEnd(html, i);
      i = end;
      textStart = end;
      if (end >= n) break;
      i = html.indexOf('<', end);
      continue;
    }
    const closing = next === 47;
    let nameEnd = i + (closing ? 2 : 1);
    while (nameEnd < n && isNameChar(html.charCodeAt(nameEnd))) nameEnd++;
    const name = html.slice(i + (closing ? 2 : 1), nameEnd).toLowerCase();
    const after = html.charCodeAt(nameEnd);
    // '<3', '< b', '<https://…>' and the like are text, not tags.
    if (!name || name.endsWith(':') || !(nameEnd >= n || after <= 32 || after === 47 || after === 62)) {
      textStart = i;
      i = html.indexOf('<', i + 1);
      continue;
    }
    const end = tagEnd(html, nameEnd);
    if (end < 0) {
      // An unclosed tag swallows the rest, as in a browser.
      textStart = n;
      break;
    }
    let resume = end + 1;
    if (!closing && SKIPPED_CONTENT.has(name) && html.charCodeAt(end - 1) !== 47) {
      resume = skippedContentEnd(html, name, resume);
    } else if (name === 'a') {
      if (!closing) {
        const m = HREF.exec(html.slice(nameEnd, end));
        const value = m ? decodeEntities((m[1] ?? m[2] ?? m[3] ?? '').trim()) : '';
        href = /^(?:https?:\/\/|www\.)/i.test(value) ? value : null;
        anchorStart = out.mark();
      } else if (href) {
        const shown = out.since(anchorStart);
        if (!shown.includes(href) && !shown.includes(href.replace(/^https?:\/\//i, ''))) {
          out.push(` ${LINK_OPEN}${href}${LINK_CLOSE}`);
        }
        href = null;
      }
    } else {
      pushTagSpacing(out, name, closing);
    }
    textStart = resume;
    i = resume >= n ? -1 : html.indexOf('<', resume);
  }
  if (textStart < n) out.push(textChunk(html, textStart, n, collapseSpace));
  return out.toString();
}

/** Remove the hidden-link markers (keeping nothing of the hidden address). */
export function stripLinkMarkers(text: string): string {
  if (text.indexOf(LINK_OPEN) < 0) return text;
  return text.replace(/\s?\uE000[^\uE001]*\uE001?/g, '');
}
