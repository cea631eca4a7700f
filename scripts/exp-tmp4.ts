import '../electron/engine/games/registry';
import { performance } from 'node:perf_hooks';
import { Store } from '../electron/engine/store/store';
import { ExploreFiltersSchema } from '../shared/contract/explore';
import { selectRuns } from '../electron/engine/analysis/explore/select';
import { coverage } from '../electron/engine/analysis/explore/coverage';
import { heatmap, knownTags, comparedSums, instanceGroups } from '../electron/engine/analysis/explore/items';
import { gameById } from '../electron/engine/games/registry';
const store = Store.open('/tmp/bench/explore.db');
const filters = ExploreFiltersSchema.parse({ dataset: 'celebrities' });
const game = gameById(filters.game);
heatmap(store, filters, 'occupation', 'score');
for (let rep = 0; rep < 3; rep++) {
  store.explore.forget();
  const T: Record<string, number> = {};
  let t = performance.now();
  const lap = (k: string) => { const n = performance.now(); T[k] = +(n - t).toFixed(1); t = n; };
  knownTags(store, game, 'celebrities'); lap('knownTags');
  const runs = selectRuns(store.runs.all(), filters, game); lap('runs');
  const cov = coverage(store, runs, filters); lap('coverage');
  const metric = game.metrics.find((m) => m.key === 'score')!;
  const rows = comparedSums(store, runs, cov, metric); lap('instanceSums');
  instanceGroups(store, runs, (i) => i.tags.occupation ?? ''); lap('groups');
  store.explore.forget(); t = performance.now();
  heatmap(store, filters, 'occupation', 'score'); lap('whole');
  console.log(JSON.stringify(T), rows.length);
}
store.close();
