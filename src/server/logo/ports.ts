/** Computes a logo URL from a website at read time; null when there is no website or no logo provider. */
export interface LogoService {
  logoFor(website: string | null | undefined): string | null;
}
