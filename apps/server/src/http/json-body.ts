import { AppError } from './errors';

/**
 * Request bodies are read with limits before anything walks them. JSON.parse itself is iterative, but a
 * 2 MB body of a million nested arrays became a value that every recursive walk after it (ours, a
 * validator's, a logger's) overflowed the stack on: a 500 for anyone, signed in or not, at seconds of CPU.
 * The text is scanned first, in one pass and constant stack, for its nesting depth and its number of values.
 */

/** No document of this API nests deeper than about ten levels (settings inside attributes inside data). */
export const MAX_JSON_DEPTH = 32;
/** The longest lists a person edits (VIP and domain lists) hold hundreds of entries, not tens of thousands. */
export const MAX_JSON_VALUES = 20_000;

const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;

/** Why a text is refused before parsing, or null. Malformed JSON is left to JSON.parse to say. */
export function jsonShapeProblem(text: string, limits = { depth: MAX_JSON_DEPTH, values: MAX_JSON_VALUES }) {
  let depth = 0;
  let values = 1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = closingQuote(text, i);
      if (i === -1) return null;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      if (++depth > limits.depth) return `The request body is nested deeper than ${limits.depth} levels.`;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) depth--;
    else if (c === COMMA && ++values > limits.values) {
      return `The request body holds more than ${limits.values.toLocaleString('en')} values.`;
    }
  }
  return null;
}

/**
 * Where the string opened at `open` closes (-1: never), found natively: a body's strings are nearly all of it
 * (an uploaded file is one string of 27 MB), which a loop over every character took 85–170 ms of the thread
 * serving requests to cross. A quote preceded by an odd number of backslashes is escaped.
 */
function closingQuote(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at !== -1; at = text.indexOf('"', at + 1)) {
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return at;
  }
  return -1;
}

const PROTOTYPE_KEY = 'The request body holds a "__proto__" or "constructor.prototype" key.';

/**
 * Keys that would reach an object's prototype once the value is merged or spread somewhere: refused, as
 * Fastify's own JSON parser does. Looked for only when the text names them (a substring test), so a large body
 * pays nothing; the depth is already bounded when the reviver walks.
 */
function refusePrototypeKeys(key: string, value: unknown) {
  if (key === '__proto__') throw new AppError('bad_request', PROTOTYPE_KEY);
  if (key === 'constructor' && value && typeof value === 'object' && Object.hasOwn(value, 'prototype')) {
    throw new AppError('bad_request', PROTOTYPE_KEY);
  }
  return value;
}

/** Parses a JSON request body within the limits; a refusal is a 400 that names the problem. */
export function parseJsonBody(text: string): unknown {
  const problem = jsonShapeProblem(text);
  if (problem) throw new AppError('bad_request', problem);
  const namesPrototype = text.includes('__proto__') || text.includes('constructor');
  try {
    return namesPrototype ? JSON.parse(text, refusePrototypeKeys) : JSON.parse(text);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('invalid_json', 'The request body is not valid JSON.');
  }
}

const escapePointer = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

export type UnstorableText = { pointer: string; problem: 'nul' | 'surrogate' };

function problemOf(text: string): UnstorableText['problem'] | null {
  if (text.includes('\u0000')) return 'nul';
  if (!(text as unknown as { isWellFormed(): boolean }).isWellFormed()) return 'surrogate';
  return null;
}

/**
 * Where a request part holds text PostgreSQL cannot store as sent: a NUL character (text refuses it) or a lone
 * UTF-16 surrogate (not Unicode: text would keep a replacement character, jsonb refuses it). Depth-first with a
 * stack of its own, so no input can overflow the call stack; the pointer is built only for what it finds.
 */
export function findUnstorableText(root: unknown): UnstorableText | null {
  // Every node seen: its value, its parent's index and its key there (parallel arrays: no object per node).
  const values: unknown[] = [root];
  const parents: number[] = [-1];
  const keys: string[] = [''];
  const pending: number[] = [0];
  const pointerOf = (index: number, last?: string) => {
    const path: string[] = last === undefined ? [] : [last];
    for (let i = index; i > 0; i = parents[i]!) path.push(keys[i]!);
    return path.length ? `/${path.reverse().map(escapePointer).join('/')}` : '/';
  };
  const visit = (value: unknown, parent: number, key: string) => {
    values.push(value);
    parents.push(parent);
    keys.push(key);
    pending.push(values.length - 1);
  };
  while (pending.length) {
    const index = pending.pop()!;
    const value = values[index];
    if (typeof value === 'string') {
      const problem = problemOf(value);
      if (problem) return { pointer: pointerOf(index), problem };
    } else if (Array.isArray(value)) {
      // Pushed last to first, so the first problem in reading order is the one named.
      for (let i = value.length - 1; i >= 0; i--) {
        const item: unknown = value[i];
        if (item !== null && (typeof item === 'object' || typeof item === 'string'))
          visit(item, index, String(i));
      }
    } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
      // Bytes (a file sent as it is) are no text: their millions of indexes are not walked.
      const names = Object.keys(value);
      for (const name of names) {
        const problem = problemOf(name);
        if (problem) return { pointer: pointerOf(index, name), problem };
      }
      for (let i = names.length - 1; i >= 0; i--) {
        const item: unknown = (value as Record<string, unknown>)[names[i]!];
        if (item !== null && (typeof item === 'object' || typeof item === 'string'))
          visit(item, index, names[i]!);
      }
    }
  }
  return null;
}

export const UNSTORABLE_TEXT_DETAIL: Record<UnstorableText['problem'], string> = {
  nul: 'must not contain a NUL character',
  surrogate: 'must be well-formed Unicode text (it holds a lone surrogate)',
};
