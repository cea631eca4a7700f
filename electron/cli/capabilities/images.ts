/** The images capability's command: `parlor images check`, every image a run would need, found or missing. */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import { describeMissing, missingCount } from '../../engine/capabilities/images/check';
import { checkRunImages } from '../../engine/capabilities/images/run-check';
import { CliError, openStore, positiveWhole, refuseBothDatasets } from '../context';
import type { CliCapability } from './types';

export interface ImagesFlags {
  game?: string;
  dataset?: string;
  datasetFile?: string;
  experiments?: string;
  limit?: string;
  images?: string[];
  downloadImages?: boolean;
  json?: boolean;
  db?: string;
}

/** `parlor images check`: exit 0 when every image is found, 1 when some are missing. */
export async function imagesCommand(action: string, flags: ImagesFlags): Promise<number> {
  if (action !== 'check') throw new CliError(`Unknown images action "${action}": use \`parlor images check --game <id>\`.`);
  if (!flags.game) throw new CliError('Say which game: parlor images check --game <id>.');
  refuseBothDatasets(flags);
  const limit = flags.limit === undefined ? undefined : positiveWhole(flags.limit, '--limit');
  const store = openStore(flags.db);
  try {
    const check = await checkRunImages(store, {
      game: flags.game,
      dataset: { name: flags.dataset, file: flags.datasetFile, experiments: flags.experiments?.split(',').map((e) => e.trim()).filter(Boolean) },
      ...(limit === undefined ? {} : { limit }),
      images: { folders: (flags.images ?? []).map((f) => resolve(f)), download: flags.downloadImages ?? false },
    });
    if (flags.json) {
      process.stdout.write(`${JSON.stringify(check, null, 2)}\n`);
    } else if (check.missing.length === 0) {
      process.stdout.write(`${check.needed === 1 ? 'the 1 image' : `all ${check.needed} images`} found and stored (${check.complete.join(', ')})\n`);
    } else {
      process.stdout.write(`${missingCount(check)}.\n${describeMissing(check, check.hint ?? undefined, Number.POSITIVE_INFINITY)}\n`);
      process.stdout.write(`found ${check.found} of ${check.needed}; experiments complete: ${check.complete.join(', ') || 'none'}\n`);
    }
    return check.missing.length === 0 ? 0 : 1;
  } finally {
    store.close();
  }
}

const collect = (value: string, list: string[] = []) => [...list, value];

export const imagesCli: CliCapability = {
  key: 'images',
  register(program: Command, ctx) {
    program
      .command('images <action>')
      .description('multimodal games: `images check --game <id>` finds every image a run would need (media store, rendered, your folders, downloads), stores what it finds and lists what is missing and where it looked')
      .option('--game <id>', 'the game')
      .option('--dataset <name>', 'a bundled dataset (default: the game\'s first)')
      .option('--dataset-file <path>', 'your own instance file')
      .option('--experiments <names>', 'only these experiments, comma-separated')
      .option('--limit <n>', 'only the first n instances of each experiment, as a run with --limit')
      .option('--images <folder>', 'a folder holding the images, repeatable', collect)
      .option('--download-images', 'fetch images named by URL')
      .option('--json', 'the check as JSON')
      .action(async (action: string, flags: ImagesFlags, cmd: Command) => {
        ctx.exit(await imagesCommand(action, { ...flags, db: ctx.dbOf(cmd) }));
      });
  },
};
