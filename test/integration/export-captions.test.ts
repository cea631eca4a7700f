/** Exported captions say each word once (issue 27, item 21): the heatmap's read "Mean mean score by category". */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateExploreDb } from '../../scripts/explore-db';
import { exploreFile } from '../../electron/engine/api/explore-handlers';
import { Store } from '../../electron/engine/store/store';
import { ExploreFiltersSchema } from '../../shared/contract/explore';
import { tempDir } from '../support/tmp';
import { wordingProblems } from '../support/wording';

describe('the heatmap LaTeX caption', () => {
  it('names the metric once, mean or rate', () => {
    const path = join(tempDir(), 'explore.db');
    generateExploreDb(path, { players: 2, judges: 1, splits: ['test'] });
    const store = Store.open(path);
    try {
      const filters = ExploreFiltersSchema.parse({ game: 'eda', dataset: 'things' });
      for (const metric of ['score', 'success']) {
        const tex = exploreFile(store, 'heatmap', 'latex', filters, { topic: 'category', metric }).content;
        const caption = /\\caption\{([^}]*)\}/.exec(tex)![1]!;
        expect(caption).toMatch(metric === 'score' ? /^Mean score by category/ : /^Success rate by category/);
        expect(wordingProblems(caption)).toEqual([]);
      }
    } finally {
      store.close();
    }
  });
});
