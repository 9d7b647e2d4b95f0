/**
 * What `npm start` prints once it is ready, for the person who just ran it: where to open the product, how to
 * sign in, the demo API key (with a first call to try), where the data lives and how to stop. Pure text; on a
 * terminal main.ts prints it as is, elsewhere the same facts travel as fields of the `ready` log line.
 */
/** The banner's first call: a quick lookup the demo answers (its body is a valid quick-search request). */
export const FIRST_QUERY = { query: 'Acme Widgets', countryIsoAlpha3: 'AUS' };

export interface StartFacts {
  url: string;
  mode: 'sandbox' | 'production';
  /** Where the data lives, in words ("/srv/app/.data (embedded PostgreSQL)"). */
  data: string;
  demo?: {
    email: string;
    password: string;
    /** The demo API key in clear when this process knows it, else how to make one. */
    apiKey: { key: string } | { create: string };
  };
}

export function startBanner(facts: StartFacts): string {
  const rows: [string, string][] = [['Open', facts.url]];
  if (facts.demo) {
    rows.push(['Sign in', `${facts.demo.email} / ${facts.demo.password}`]);
    if ('key' in facts.demo.apiKey) {
      rows.push(['API key', facts.demo.apiKey.key]);
      rows.push([
        'Try',
        `curl -H 'Authorization: Bearer ${facts.demo.apiKey.key}' -H 'Content-Type: application/json' -d '${JSON.stringify(FIRST_QUERY)}' ${facts.url}/api/organisations/quick-search`,
      ]);
    } else {
      rows.push(['API key', `none known to this process; make one with ${facts.demo.apiKey.create}`]);
    }
  }
  rows.push(['API docs', `${facts.url}/api-reference`]);
  rows.push(['Data', facts.data]);
  rows.push(['Mode', facts.mode === 'sandbox' ? 'sandbox (contract fakes stand in for every provider: no credentials, no internet)' : 'production']);
  rows.push(['Stop', 'Ctrl-C']);
  const width = Math.max(...rows.map(([label]) => label.length));
  const title = 'Organisation search is ready';
  return ['', `  ${title}`, `  ${'-'.repeat(title.length)}`, ...rows.map(([label, value]) => `  ${label.padEnd(width)}  ${value}`), ''].join('\n') + '\n';
}
