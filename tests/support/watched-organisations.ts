/**
 * The organisations the monitoring and webhook tests watch, as the GLEIF contract fake knows them (src/sandbox/gleif):
 * one organisation with its LEI on an account's list (linked, owned or both), and the fake's entity to change.
 */
import type { Db } from '../../src/adapters/db/client';
import type { InsertOrganisationsOptions } from '../../src/adapters/db/queries/organisations-write';
import type { FakeLeiEntity } from '../../src/sandbox/gleif/dataset';
import type { FakeGleif } from '../../src/sandbox/gleif/fake-gleif-server';
import { makeOrganisation } from './factories';

export const WATCHED_BY_LEI = {
  harbourline: { name: 'HARBOURLINE LOGISTICS, INC.', countryIsoAlpha3: 'USA', lei: '984500HARBOURLINE019' },
  quillstone: { name: 'QUILLSTONE SOFTWARE LIMITED', countryIsoAlpha3: 'GBR', lei: '984500QUILLSTONE0015' },
  fernhollowGroup: { name: 'FERNHOLLOW GROUP PLC', countryIsoAlpha3: 'GBR', lei: '984500FERNHOLDGRP028' },
} as const;

/** One of WATCHED_BY_LEI, stored with its LEI and put on a list (`linkAccountId`, `ownerAccountId`); answers its id. */
export async function watchByLei(db: Db, which: keyof typeof WATCHED_BY_LEI, list: InsertOrganisationsOptions): Promise<string> {
  const { name, countryIsoAlpha3, lei } = WATCHED_BY_LEI[which];
  return (await makeOrganisation(db, { name, countryIsoAlpha3, identifiers: [{ type: 'LEI', value: lei }] }, list)).id;
}

/** The GLEIF fake's entity of an LEI, to change what the register says next. */
export function gleifEntityOf(gleif: FakeGleif, lei: string) {
  const found = gleif.entities.find((e) => e.lei === lei);
  if (found === undefined) throw new Error(`no ${lei} in the GLEIF fake`);
  return found;
}

/**
 * Changes what GLEIF says of an LEI as an LOU's update does: the record's fields and its `registration.lastUpdateDate`
 * (`updatedAt`), which GLEIF's "changed since" query (and so monitoring) goes by.
 */
export function updateLeiRecord(gleif: FakeGleif, lei: string, fields: Partial<Omit<FakeLeiEntity, 'lei'>>, updatedAt: Date): void {
  Object.assign(gleifEntityOf(gleif, lei), fields, { lastUpdateDate: updatedAt.toISOString().replace(/\.\d{3}Z$/, 'Z') });
}
