/**
 * rrule ships CommonJS for Node (`main`) and ES modules for bundlers (`module`). Under Node ESM only the
 * default export exists (`import rrule from 'rrule'`); under Vite only the named exports exist. A namespace
 * import sees both shapes, so this shim works in Node, tsx, Vitest and Vite alike. The one shim: the server's
 * ICS expansion imports it from the domain too.
 */
import * as rruleNamespace from 'rrule';

type RRuleModule = typeof rruleNamespace;

const candidate = rruleNamespace as RRuleModule & { default?: RRuleModule };
const resolved: RRuleModule = candidate.RRule ? candidate : (candidate.default as RRuleModule);

export const RRule = resolved.RRule;
export const Weekday = resolved.Weekday;
export type Weekday = rruleNamespace.Weekday;
export type RRule = rruleNamespace.RRule;
export type RRuleOptions = rruleNamespace.Options;
