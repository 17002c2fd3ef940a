/** Polls `read` until it gives a value (not null, undefined or false), or fails after `timeoutMs`. */
export async function waitForValue<T>(
  read: () => Promise<T | null | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`nothing came within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
