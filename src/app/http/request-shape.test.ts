import { describe, expect, it } from 'vitest';
import { pathIssue, serverActionBodyIssue } from './request-shape';

describe('pathIssue', () => {
  it('accepts ordinary and well-encoded paths', () => {
    expect(pathIssue('/api/organisations/6f1c2b9e-0000-4000-8000-000000000000/naics')).toBeNull();
    expect(pathIssue('/organisations/caf%C3%A9')).toBeNull();
    expect(pathIssue('/')).toBeNull();
  });

  it('refuses percent-encoding that does not decode, including overlong UTF-8', () => {
    expect(pathIssue('/api/organisations/%ZZ')?.rule).toBe('invalid_encoding');
    expect(pathIssue('/api/organisations/%C0%AF')?.rule).toBe('invalid_encoding');
    expect(pathIssue('/organisations/%E0%A4/figures')?.rule).toBe('invalid_encoding');
  });

  it('refuses control characters once decoded (a NUL must never reach the database)', () => {
    expect(pathIssue('/api/organisations/%00')?.rule).toBe('invalid_characters');
    expect(pathIssue('/organisations/a%0Ab/figures')?.rule).toBe('invalid_characters');
  });
});

describe('serverActionBodyIssue', () => {
  const text = 'text/plain;charset=UTF-8';

  it("accepts a JSON array of plain arguments, with React's escaped and inline values", () => {
    expect(serverActionBodyIssue(text, '[{"organisationId":"x","naicsCode":"111110"}]')).toBeNull();
    expect(serverActionBodyIssue(text, '[{"website":"$undefined","name":"$$dollar","at":"$D2026-01-01T00:00:00.000Z"}]')).toBeNull();
    expect(serverActionBodyIssue(text, '[]')).toBeNull();
  });

  it('refuses bodies the action decoder cannot read', () => {
    for (const body of ['not json', '[', '', '{"a":1}', '"text"']) expect(serverActionBodyIssue(text, body)?.rule).toBe('invalid_action_body');
  });

  it('refuses arguments nested 10,000 deep with a too_deep issue (a recursive check overflowed the stack)', () => {
    expect(serverActionBodyIssue(text, `[${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}]`)?.rule).toBe('too_deep');
    expect(serverActionBodyIssue(text, `${'['.repeat(10_000)}${']'.repeat(10_000)}`)?.rule).toBe('too_deep');
  });

  it('refuses references to other parts, NULs, and anything but text/plain', () => {
    expect(serverActionBodyIssue(text, '["$Q1"]')).not.toBeNull();
    expect(serverActionBodyIssue(text, '[{"a":"$@1"}]')).not.toBeNull();
    expect(serverActionBodyIssue(text, '[{"a":"$1"}]')).not.toBeNull();
    expect(serverActionBodyIssue(text, '[{"organisationId":"\\u0000"}]')).not.toBeNull();
    expect(serverActionBodyIssue('multipart/form-data; boundary=x', '[]')).not.toBeNull();
    expect(serverActionBodyIssue(null, '[]')).not.toBeNull();
  });
});
