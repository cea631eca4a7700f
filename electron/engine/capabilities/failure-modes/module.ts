/** Failure-mode tags at run time: the merged tags and counts, their files, people's reviews and the LLM tagger. */
import { ModelConfigSchema } from '../../../../shared/contract/models';
import type { CapabilityModule } from '../module';
import { failureCountsCsv, failureCountsLatex } from './files';
import { taggerSource, tagWithModel } from './tagger';
import { failureTagsView, reviewFailureTag } from './tags';

export const failureModesModule: CapabilityModule = {
  key: 'failure-modes',
  register(registry, { store, factory, emit }) {
    registry
      .handle('tags.view', ({ runIds, sources, rules }) => failureTagsView(store, runIds, { ...(sources ? { sources } : {}), ...(rules ? { rules } : {}) }))
      .handle('tags.export', ({ runIds, sources, rules, format }) => {
        const view = failureTagsView(store, runIds, { ...(sources ? { sources } : {}), ...(rules ? { rules } : {}) });
        const name = `failure-modes-runs-${runIds.join('-')}`;
        return format === 'csv' ? { filename: `${name}.csv`, mime: 'text/csv', content: failureCountsCsv(view) } : { filename: `${name}.tex`, mime: 'application/x-tex', content: failureCountsLatex(view) };
      })
      .handle('tags.review', (input) => {
        reviewFailureTag(store, input);
        return { ok: true as const };
      })
      .handle('tags.llm', ({ runIds, model }) => {
        const source = taggerSource(ModelConfigSchema.parse(model));
        return tagWithModel(store, runIds, model, { createModel: factory(), onEpisode: (done, total) => emit({ type: 'tagging', source, done, total }) });
      });
  },
};
