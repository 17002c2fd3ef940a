/**
 * A name someone typed (a person's, a team's), made fit to stand in a mail others receive: plain text only.
 * Control and format characters go (a right-to-left override can reverse what a reader sees), so does
 * anything shaped like markup (`<script>`, `<img onerror=…>`) and any angle bracket left, runs of spaces become
 * one, and it is cut to `max` characters. What remains is written as text by the template, never as HTML.
 */
export function plainName(text: string, max = 60, fallback = ''): string {
  const cleaned = text
    .replace(/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\u2028\u2029]/gu, ' ')
    .replace(/<(script|style)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi, ' ')
    .replace(/<[^>]*>?/g, ' ')
    .replace(/[<>]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!cleaned) return fallback;
  const chars = [...cleaned];
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : cleaned;
}
