/**
 * The API contract: one zod schema per response document, shared by the server (Fastify's `response`
 * option: serialisation and OpenAPI) and the web client (`api.get(path, schema)`: inferred types, and
 * validation outside production). Schemas only, no I/O.
 */
export * from './actions';
export * from './auth';
export * from './autobalance';
export * from './billing';
export * from './calendars';
export * from './catalog';
export * from './communications';
export * from './daily-reports';
export * from './endpoint';
export * from './endpoints';
export * from './errors';
export * from './job-failures';
export * from './jsonapi';
export * from './mail';
export * from './meeting-items';
export * from './meetings';
export * from './period';
export * from './referrals';
export * from './reports';
export * from './settings';
export * from './synchronizations';
export * from './teams';
export * from './users';
export * from './wellness-blocks';
