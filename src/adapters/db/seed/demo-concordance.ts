/**
 * DEMO DATA, NOT A REAL CONCORDANCE. The real NAICS to Aquila1 concordance is customer data, loaded with
 * `npm run cli -- import concordance FILE.csv`. For the sandbox this file derives a labelled demo taxonomy
 * and concordance deterministically from the NAICS hierarchy, so every branch of the spec can be reached:
 *
 * - Aquila1 (demo): one sector per NAICS sector, code `DEMO-<sector>`, name `[Demo] <sector title>`.
 * - Aquila2 (demo): one per NAICS subsector, code `DEMO-<subsector>`, under its sector's Aquila1.
 * - SPENT: every leaf maps to its sector's Aquila1; a leaf whose code ends in 9 (mostly the "All Other"
 *   residual industries) also maps to `DEMO-81` (Other Services): several sectors for one code.
 * - INVESTED: only leaves of the capital-heavy sectors 21, 22, 23, 31-33, 52 and 53 map (to their sector),
 *   so for other codes the INVESTED basket is empty while SPENT is not.
 * - No mapping at all: sectors 55 (Management of Companies) and 92 (Public Administration), 32 leaves, so an
 *   add of such a code alone gives `aquila1Synced: false`.
 * Examples: 921110 none; 111110 SPENT only; 111199 SPENT to two sectors; 221111 SPENT and INVESTED.
 */
import type { Db } from '../client';
import { existingLeafCodes, replaceConcordance, upsertAquila1, upsertAquila2, type ConcordanceRow } from '../queries/classification-import';
import { loadNaicsReference, seedNaics, type NaicsReferenceRow } from './naics-seed';

export const DEMO_CODE_PREFIX = 'DEMO-';
export const DEMO_UNMAPPED_SECTORS = ['55', '92'] as const;
export const DEMO_INVESTED_SECTORS = ['21', '22', '23', '31-33', '52', '53'] as const;
export const DEMO_OTHER_SERVICES = 'DEMO-81';

const SECTOR_RANGES: Record<string, string> = { '31': '31-33', '32': '31-33', '33': '31-33', '44': '44-45', '45': '44-45', '48': '48-49', '49': '48-49' };

export function sectorOfCode(code: string): string {
  const two = code.slice(0, 2);
  return SECTOR_RANGES[two] ?? two;
}

export function buildDemoConcordance(reference: readonly NaicsReferenceRow[]) {
  const sectors = reference.filter((r) => r.level === 1);
  const aquila1 = sectors.map((s) => ({ code: `${DEMO_CODE_PREFIX}${s.code}`, name: `[Demo] ${s.name}` }));
  const aquila2 = reference
    .filter((r) => r.level === 2)
    .map((s) => ({ code: `${DEMO_CODE_PREFIX}${s.code}`, name: `[Demo] ${s.name}`, aquila1Code: `${DEMO_CODE_PREFIX}${sectorOfCode(s.code)}` }));
  const concordance: ConcordanceRow[] = [];
  for (const leaf of reference.filter((r) => r.level === 5)) {
    const sector = sectorOfCode(leaf.code);
    if ((DEMO_UNMAPPED_SECTORS as readonly string[]).includes(sector)) continue;
    const own = `${DEMO_CODE_PREFIX}${sector}`;
    concordance.push({ naicsCode: leaf.code, aquila1Code: own, for: 'SPENT' });
    if (leaf.code.endsWith('9') && own !== DEMO_OTHER_SERVICES) {
      concordance.push({ naicsCode: leaf.code, aquila1Code: DEMO_OTHER_SERVICES, for: 'SPENT' });
    }
    if ((DEMO_INVESTED_SECTORS as readonly string[]).includes(sector)) concordance.push({ naicsCode: leaf.code, aquila1Code: own, for: 'INVESTED' });
  }
  return { aquila1, aquila2, concordance };
}

/** Loads the demo taxonomy and concordance (idempotent; replaces only the demo edges). */
export async function seedDemoConcordance(db: Db): Promise<{ aquila1: number; aquila2: number; concordance: number }> {
  const reference = loadNaicsReference();
  const leaves = await existingLeafCodes(db, ['111110']);
  if (leaves.size === 0) await seedNaics(db);
  const demo = buildDemoConcordance(reference);
  await upsertAquila1(db, demo.aquila1);
  await upsertAquila2(db, demo.aquila2);
  const concordance = await replaceConcordance(db, demo.concordance, { aquila1CodePrefix: DEMO_CODE_PREFIX });
  return { aquila1: demo.aquila1.length, aquila2: demo.aquila2.length, concordance };
}
