/** Who is calling: always an account (the tenant); a user when the call comes from a browser session. */
export interface AccountContext {
  readonly accountId: string;
  readonly userId: string | null;
  readonly via: 'api-key' | 'session';
}

/** Resolves the caller's active account from request headers (Bearer API key, else session cookie). */
export interface AccountResolver {
  resolve(headers: Headers): Promise<AccountContext | null>;
}
