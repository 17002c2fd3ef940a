/**
 * @meetwell/domain — every rule of the product, written once, pure (no I/O, no clock).
 * See README.md for the API and the decisions taken where the specs are silent.
 */

// Auto-balance
export * from './autobalance/compliance';
export * from './autobalance/decide';
export * from './autobalance/notice';
export * from './autobalance/possible-block';
// Calendars
export * from './calendars/connection-health';
// Conflicts
export * from './conflicts/meeting-conflicts';
export * from './conflicts/overlap';
export * from './conflicts/wellness-blocks';
// Constants
export * from './constants/actions';
export * from './constants/colors';
export * from './constants/intentions';
export * from './constants/messages';
export * from './constants/options';
export * from './constants/plans';
export * from './constants/product';
export * from './constants/public-page';
export * from './constants/rules';
export * from './constants/sign-in-errors';
export * from './constants/web-routes';
// The API contract (response documents, shared by server and web)
export * from './contract/index';
// Formats and cost
export * from './cost/cost';
// Evaluation
export * from './evaluation/evaluate';
export * from './evaluation/grades';
export { SENTENCES } from './evaluation/sentences';
export * from './evaluation/types';
// Exports (CSV and the Review report's tables)
export * from './export/csv';
export * from './export/meetings';
export * from './export/tables';
export * from './formats/chart';
export * from './formats/date';
export * from './formats/date-range';
export * from './formats/duration';
export * from './formats/import-report';
export * from './formats/number';
export * from './formats/work-hours';
// Time
export { RRule, type RRuleOptions, Weekday } from './lib/rrule';
export * from './lib/time';
export * from './lib/tz';
// Parser
export * from './parser/conference';
export * from './parser/description';
export { decodeEntities, htmlToText } from './parser/html';
export * from './parser/intention';
// Referrals
export * from './referrals/commission';
// Reports
export * from './reports/index';
// Settings
export * from './settings/labels';
export * from './settings/settings';
// Suggestions (what would raise a score)
export * from './suggestions/period';
export * from './suggestions/suggestions';
// Validation
export * from './validation/email';
export * from './validation/misc';
export * from './validation/time-range';
export * from './validation/wellness-block';
