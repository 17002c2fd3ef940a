/** Numbers (docs/spec/personal-app.md §9): 2 decimals, '.' decimal separator, ',' thousands separator. */

function group(integer: string): string {
  let out = '';
  for (let i = 0; i < integer.length; i++) {
    if (i > 0 && (integer.length - i) % 3 === 0) out += ',';
    out += integer[i];
  }
  return out;
}

/**
 * 1234.5 → '1,234.50'; formatNumber(1234.5, 0) → '1,235'. Rounds half away from zero at the given decimals.
 * Non-finite numbers give '-'.
 */
export function formatNumber(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return '-';
  const places = Math.min(Math.max(Math.trunc(decimals), 0), 10);
  const factor = 10 ** places;
  const rounded = Math.round(Math.abs(value) * factor + Number.EPSILON * factor) / factor;
  const [integer = '0', fraction] = rounded.toFixed(places).split('.');
  const sign = value < 0 && rounded !== 0 ? '-' : '';
  return sign + group(integer) + (fraction ? `.${fraction}` : '');
}

/** Dollars, rounded: 1234.5 → '$1,235'. */
export function formatCurrency(value: number): string {
  const n = formatNumber(value, 0);
  return n.startsWith('-') ? `-$${n.slice(1)}` : `$${n}`;
}

/** A percentage with up to `decimals` places, trailing zeros dropped: 12.5 → '12.5%'. */
export function formatPercent(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return '-';
  const text = formatNumber(value, decimals);
  return `${text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text}%`;
}

/** Round to 2 decimals (reports). */
export function round2(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}
