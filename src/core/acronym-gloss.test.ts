import { describe, expect, it } from 'vitest';
import { withoutAcronymGloss } from './acronym-gloss';

describe('withoutAcronymGloss', () => {
  it("drops a trailing parenthesised acronym made of the name's initials, in order", () => {
    expect(withoutAcronymGloss('Mujahidin Indonesian Timur (MIT)')).toBe('Mujahidin Indonesian Timur');
    expect(withoutAcronymGloss('Tehrik-e Taliban Pakistan (TTP)')).toBe('Tehrik-e Taliban Pakistan');
    expect(withoutAcronymGloss('Jamaat-ul-Ahrar (JuA)')).toBe('Jamaat-ul-Ahrar');
    expect(withoutAcronymGloss("Ansar Al-shari'a in Tunisia (AAS-T)")).toBe("Ansar Al-shari'a in Tunisia");
  });

  it('reads an acronym of three letters or more from any word on, two letters only from the first', () => {
    expect(withoutAcronymGloss('Korea Namgang Trading Corporation (NTC)')).toBe('Korea Namgang Trading Corporation');
    expect(withoutAcronymGloss('Korea Namgang Trading (NT)')).toBe('Korea Namgang Trading (NT)');
  });

  it('keeps any other parenthesised part: a place, a country, an acronym of other words, digits', () => {
    expect(withoutAcronymGloss('Credit Suisse (Schweiz) AG')).toBe('Credit Suisse (Schweiz) AG');
    expect(withoutAcronymGloss('Credit Suisse (USA)')).toBe('Credit Suisse (USA)');
    expect(withoutAcronymGloss('China Unicom (Hong Kong)')).toBe('China Unicom (Hong Kong)');
    expect(withoutAcronymGloss('JSC Concern Radio-Electronic Technologies (KRET)')).toBe('JSC Concern Radio-Electronic Technologies (KRET)');
    expect(withoutAcronymGloss('Open Joint Stock Company 680 Aircraft Repair Plant (680 ARZ)')).toBe(
      'Open Joint Stock Company 680 Aircraft Repair Plant (680 ARZ)',
    );
    expect(withoutAcronymGloss('(ASC)')).toBe('(ASC)');
  });
});
