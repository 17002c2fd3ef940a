/**
 * The database schema, one file an area under db/schema/. This file re-exports every table and type so that
 * imports of `db/schema` (and drizzle-kit, which reads this file) see the whole schema.
 */
export * from './schema/actions';
export * from './schema/billing';
export * from './schema/calendars';
export * from './schema/companies';
export * from './schema/jobs';
export * from './schema/mail';
export * from './schema/meetings';
export * from './schema/reports';
export * from './schema/teams';
export * from './schema/users';
