/**
 * Why a web search call failed. The adapter throws it; the caller (the agent's `web_search` tool) decides
 * what a failure means. Classified by status code and transport outcome, never by message text.
 */
import { UnavailableError } from '../../core/errors';

export type WebSearchFailureKind = 'http' | 'timeout' | 'network' | 'malformed' | 'aborted';

export class WebSearchError extends UnavailableError {
  readonly kind: WebSearchFailureKind;
  /** The HTTP status when `kind` is 'http'. */
  readonly status: number | undefined;
  constructor(kind: WebSearchFailureKind, message: string, status?: number) {
    super(message, 'Web search is unavailable right now');
    this.kind = kind;
    this.status = status;
  }

  /** 5xx, 429 and transport failures may succeed on a second attempt; 4xx and malformed bodies will not. */
  get retryable(): boolean {
    if (this.kind === 'http') return this.status !== undefined && (this.status >= 500 || this.status === 429);
    return this.kind === 'network';
  }
}
