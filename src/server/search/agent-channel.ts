/**
 * The agent channel (spec: What the service does, the AI web-search agent; POST /api/organisations/search,
 * rule 5): the agent's candidates, each reported the moment it is prepared.
 *
 * The agent is told the requested country (or GLO, its worldwide mode), and the country guard is repeated
 * on every candidate regardless (prepare-candidate.ts). Each candidate is keyed once, its internal match
 * looked up at once, then it is prepared (website validation) while the agent reads on. An agent failure
 * ends the channel (logged); the candidates already found still stream.
 *
 * A website query (issue 12, section 3) goes to the agent by its domain (`query` is the host, `website` says so),
 * and the website validator checks each candidate against that domain: a candidate the agent reports without a
 * website is given the typed one, which it keeps (websiteValidated) only when the validator accepts the domain as
 * that organisation's.
 */
import { normaliseWebsiteHost } from '../../core/website';
import type { InternalMatchLookup } from './internal-match-lookup';
import type { SearchAgent } from './ports';
import type { CandidatePreparation, PreparedCandidate } from './prepare-candidate';
import type { Log } from '../ports';

/** Upper bound on the agent's candidates per search. */
export const AGENT_CANDIDATE_LIMIT = 10;

export interface AgentChannelDependencies {
  agent: SearchAgent;
  preparation: CandidatePreparation;
  matches: InternalMatchLookup;
  log: Pick<Log, 'debug' | 'warn'>;
}

export interface AgentSearch {
  query: string;
  /** The requested country's alpha-3, or GLO. */
  scope: string;
}

/** Runs the agent channel, reporting each prepared candidate; resolves once every reported one is out. */
export async function agentChannel(
  deps: AgentChannelDependencies,
  search: AgentSearch,
  signal: AbortSignal,
  report: (prepared: PreparedCandidate) => void,
): Promise<void> {
  const pending = new Set<Promise<void>>();
  try {
    const website = normaliseWebsiteHost(search.query);
    const query = website === undefined ? { query: search.query } : { query: website, website };
    const discovery = deps.agent.discover({ ...query, countryIsoAlpha3: search.scope, limit: AGENT_CANDIDATE_LIMIT }, signal);
    for await (const reported of discovery) {
      if (signal.aborted) break;
      const candidate = website !== undefined && reported.website === null ? { ...reported, website: `https://${website}` } : reported;
      const keyed = deps.preparation.key({ source: 'agent', candidate });
      if (keyed === undefined) continue;
      const matched = deps.matches.prefetch([keyed.baseKey]);
      const task = deps.preparation.prepare(keyed).then(report);
      pending.add(task);
      void task.finally(() => pending.delete(task));
      // The agent is read on only once this candidate's internal lookup has answered (one round trip): its
      // model stream arrives in bursts whose parsing would otherwise hold the event loop while that answer,
      // the last thing between the candidate and its line, waits (bench/search-stream.ts).
      await matched;
    }
  } catch (error) {
    if (!signal.aborted) deps.log.warn({ err: error }, 'search agent failed; its channel ends');
  }
  await Promise.all(pending);
}
