/**
 * Whether a computed value equals what jsonb gave back: jsonb reorders object keys, so comparing two
 * JSON.stringify outputs never matched. Keys holding undefined count as absent (JSON drops them).
 */
export function sameJson(computed: unknown, stored: unknown): boolean {
  if (computed === stored) return true;
  if (typeof computed !== 'object' || typeof stored !== 'object' || computed === null || stored === null)
    return false;
  if (Array.isArray(computed)) {
    if (!Array.isArray(stored) || computed.length !== stored.length) return false;
    for (let i = 0; i < computed.length; i++) {
      // JSON writes undefined array entries as null.
      if (!sameJson(computed[i] === undefined ? null : computed[i], stored[i])) return false;
    }
    return true;
  }
  if (Array.isArray(stored) || Object.getPrototypeOf(computed) !== Object.prototype) return false;
  const a = computed as Record<string, unknown>;
  const b = stored as Record<string, unknown>;
  let count = 0;
  for (const key in a) {
    const value = a[key];
    if (value === undefined) continue;
    count++;
    if (!Object.hasOwn(b, key) || !sameJson(value, b[key])) return false;
  }
  return count === Object.keys(b).length;
}
