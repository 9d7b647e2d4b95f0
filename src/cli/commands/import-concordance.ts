import { z } from 'zod';
import { importConcordance } from '../../adapters/db/queries/classification-concordance-import';
import { ValidationError } from '../../core/errors';
import { defineCommand } from '../command';
import { openFileLines } from '../read-lines';

export const importConcordanceCommand = defineCommand({
  usage: 'import concordance FILE.csv',
  description:
    'Replaces the NAICS to Aquila1 concordance from CSV (header: naicsCode,aquila1Code,aquila1Name,for; for SPENT|INVESTED). All or nothing: bad rows are reported with line numbers and nothing is written.',
  positionals: ['file'],
  input: z.object({ file: z.string({ error: 'is required' }).min(1) }),
  async run(context, input) {
    const file = await openFileLines(input.file);
    const { db } = await context.database();
    const result = await importConcordance(db, file.lines());
    if (!result.ok) {
      for (const { line, reason } of result.rejected) context.stderr.write(`line ${line}: ${reason}\n`);
      throw new ValidationError(
        result.rejected.map(({ line, reason }) => ({ field: `line ${line}`, rule: 'invalid_row', message: reason })),
        `The concordance has ${result.rejected.length} bad row(s); nothing was imported`,
      );
    }
    return { imported: result.rows, aquila1Sectors: result.aquila1, naicsCodes: result.naicsCodes };
  },
});
