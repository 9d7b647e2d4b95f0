/**
 * Reading a supplier file (CSV, header first) into batch rows with a column mapping, streamed through
 * `csv-parse` (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes, a BOM, CRLF). A file whose
 * header lacks a mapped column, or that is not CSV, is a ValidationError naming the problem and its line;
 * a row whose field is too long is one too (never truncated). Blank lines are skipped.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { batchRowInputSchema, type BatchRowInput, type ColumnMapping } from '../../core/batch-matching';
import { ValidationError } from '../../core/errors';

export interface SupplierRow {
  /** 0-based data row (the header is not counted). */
  index: number;
  /** 1-based line of the file where the record starts. */
  line: number;
  input: BatchRowInput;
}

function invalid(field: string, rule: string, message: string): ValidationError {
  return new ValidationError([{ field, rule, message }], message);
}

/** The header of a CSV text: its first record's fields (for mapping columns before an upload). */
export async function readHeader(source: string | AsyncIterable<string | Buffer>): Promise<string[]> {
  for await (const record of records(source, 1)) return record.fields;
  throw invalid('file', 'csv_header', 'The file is empty: a header line is required');
}

async function* records(source: string | AsyncIterable<string | Buffer>, limit?: number): AsyncGenerator<{ fields: string[]; line: number }> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: true, max_record_size: 64 * 1024, info: true, to: limit });
  const input = typeof source === 'string' ? Readable.from([source]) : Readable.from(source);
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  try {
    for await (const item of parser as AsyncIterable<{ record: unknown; info: { lines: number } }>) {
      const fields = Array.isArray(item.record) ? item.record.map(String) : [];
      yield { fields, line: item.info.lines };
    }
  } catch (error) {
    if (error instanceof ValidationError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw invalid('file', 'csv_syntax', `The file is not valid CSV: ${message}`);
  } finally {
    input.unpipe(parser);
    input.destroy();
  }
}

/**
 * The rows of a supplier file, mapped: `mapping` names the header's columns (exact header text, trimmed).
 * `maxRows` bounds the data rows (a ValidationError past it).
 */
export async function* readSupplierRows(
  source: string | AsyncIterable<string | Buffer>,
  mapping: ColumnMapping,
  options: { maxRows?: number } = {},
): AsyncGenerator<SupplierRow> {
  let columns: { name: number; country: number | null; identifier: number | null; website: number | null } | undefined;
  let index = 0;
  for await (const { fields, line } of records(source)) {
    if (columns === undefined) {
      const header = fields.map((f) => f.trim());
      const at = (field: string, wanted: string | null | undefined): number | null => {
        if (wanted === null || wanted === undefined) return null;
        const position = header.indexOf(wanted.trim());
        if (position === -1) throw invalid(`columns.${field}`, 'unknown_column', `The header has no column "${wanted}" (it has: ${header.join(', ')})`);
        return position;
      };
      const name = at('name', mapping.name);
      if (name === null) throw invalid('columns.name', 'required', 'The name column is required');
      columns = { name, country: at('country', mapping.country), identifier: at('identifier', mapping.identifier), website: at('website', mapping.website) };
      continue;
    }
    if (options.maxRows !== undefined && index >= options.maxRows) {
      throw invalid('file', 'too_many_rows', `The file has more than ${options.maxRows.toLocaleString('en')} rows`);
    }
    const value = (position: number | null) => {
      if (position === null) return null;
      const text = (fields[position] ?? '').trim();
      return text === '' ? null : text;
    };
    const parsed = batchRowInputSchema.safeParse({
      name: value(columns.name) ?? '',
      country: value(columns.country),
      identifier: value(columns.identifier),
      website: value(columns.website),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = issue?.path.map(String).join('.') ?? 'row';
      throw invalid('file', issue?.code ?? 'invalid_row', `line ${line}: ${field} ${issue?.message ?? 'is invalid'}`);
    }
    if (fields.some((f) => f.includes('\u0000'))) throw invalid('file', 'invalid_characters', `line ${line}: a field contains a NUL character`);
    yield { index, line, input: parsed.data };
    index += 1;
  }
  if (columns === undefined) throw invalid('file', 'csv_header', 'The file is empty: a header line is required');
}
