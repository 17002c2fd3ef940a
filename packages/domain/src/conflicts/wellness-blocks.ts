/**
 * Wellness blocks: the rules of a block (wellness-block-rules.ts), its RRULE text (wellness-block-rrule.ts),
 * its expansion into occurrences (wellness-block-expansion.ts) and the conflicts of a meeting with them
 * (wellness-block-conflicts.ts).
 */
export * from './wellness-block-conflicts';
export * from './wellness-block-expansion';
export { WEEKDAY_CODES } from './wellness-block-rrule';
export * from './wellness-block-rules';
