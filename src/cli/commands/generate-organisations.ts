import fs from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { z } from 'zod';
import { syntheticOrganisations } from '../../adapters/data-generation/synthetic-organisations';
import { OUTPUT_WRITTEN, defineCommand } from '../command';
import { createProgress } from '../progress';

const wholeNumber = (min: number, max: number) =>
  z.string().regex(/^\d+$/, { error: 'must be a whole number' }).transform(Number).pipe(z.number().int().min(min).max(max));

export const generateOrganisations = defineCommand({
  usage: 'generate organisations --count N [--seed S] [--start I] [--out FILE]',
  description:
    'Writes N realistic synthetic organisations as JSONL (the import format) to FILE, or to stdout; deterministic for a seed. With --out prints {"written", "file"}.',
  options: { count: { type: 'string' }, seed: { type: 'string' }, start: { type: 'string' }, out: { type: 'string' } },
  input: z.object({
    count: wholeNumber(1, 50_000_000),
    seed: wholeNumber(0, 1_000_000).optional(),
    start: wholeNumber(0, 50_000_000).optional(),
    out: z.string().min(1).optional(),
  }),
  async run(context, input) {
    const output: Writable = input.out ? fs.createWriteStream(input.out, { encoding: 'utf8' }) : context.stdout;
    const progress = createProgress(context.stderr, { label: 'generated', total: input.count, unit: 'organisations' });
    let written = 0;
    let chunk = '';
    const write = async (text: string) => {
      // Back-pressure: wait for the destination to drain before generating more.
      if (!output.write(text)) await once(output, 'drain');
    };
    for (const organisation of syntheticOrganisations({ count: input.count, seed: input.seed, start: input.start })) {
      chunk += `${JSON.stringify(organisation)}\n`;
      written += 1;
      if (written % 1_000 === 0) {
        await write(chunk);
        chunk = '';
        progress.update(written);
      }
    }
    if (chunk !== '') await write(chunk);
    progress.update(written);
    progress.stop();
    if (!input.out) return OUTPUT_WRITTEN;
    output.end();
    await once(output, 'finish');
    return { written, file: input.out };
  },
});
