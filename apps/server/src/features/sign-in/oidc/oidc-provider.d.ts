// oidc-provider ships no types; this is the little of it the sign-in tests use.
declare module 'oidc-provider' {
  type Claims = Record<string, unknown>;
  export type Account = {
    accountId: string;
    claims: (use: string, scope: string) => Claims | Promise<Claims>;
  };
  export type ProviderConfiguration = Record<string, unknown> & {
    findAccount?: (ctx: unknown, sub: string) => Account | undefined | Promise<Account | undefined>;
  };
  export default class Provider {
    constructor(issuer: string, configuration?: ProviderConfiguration);
    callback(): (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
