/** Saved models, their own keys and the price table (issue 17: keys and models). */
import { performance } from 'node:perf_hooks';
import type { PriceTableView } from '../../../shared/api/models-views';
import { ModelConfigSchema, modelLabel } from '../../../shared/contract/models';
import { describeError, UserError } from '../errors';
import type { ModelFactory } from '../players/factory';
import type { Store } from '../store/store';
import type { ProfileKeys } from './profile-keys';
import type { HandlerRegistry } from '../rpc/registry';

/** The price table, and the saved models still without a price (their runs' cost would be unknown). */
export function priceTable(store: Store): PriceTableView {
  const prices = store.models.listPrices();
  const missing = new Map<string, PriceTableView['missing'][number]>();
  for (const row of store.models.listProfiles()) {
    const parsed = ModelConfigSchema.safeParse(row.config);
    if (!parsed.success) continue;
    const { provider, model } = parsed.data;
    if (prices.some((p) => p.provider === provider && p.model === model)) continue;
    const label = modelLabel(parsed.data);
    const entry = missing.get(label) ?? { provider, model, profiles: [] };
    entry.profiles.push(row.name);
    missing.set(label, entry);
  }
  return { prices, missing: [...missing.values()] };
}

export function registerModels(registry: HandlerRegistry, store: Store, keys: ProfileKeys, factory: () => ModelFactory): void {
  registry
    .handle('models.list', () => keys.list())
    .handle('models.save', ({ id, name, config, apiKey }) => {
      keys.checkSave({ id, name, config }, !!apiKey);
      const row = store.models.saveProfile({ id, name, config });
      if (apiKey) keys.set(row.id, apiKey);
      return keys.view(row);
    })
    .handle('models.remove', ({ id }) => {
      keys.profile(id); // an unknown id is refused (404), not reported as nothing removed
      const removed = store.models.removeProfile(id);
      // A key belongs to its profile: it goes with it.
      if (removed) keys.forget(id);
      return { removed };
    })
    .handle('models.forgetKey', ({ id }) => {
      const profile = keys.profile(id);
      if (!keys.forget(id)) throw new UserError(`No key was typed for "${profile.name}"; its calls use ${profile.keyName} from the environment, if set.`, 'not_found');
      return keys.profile(id);
    })
    .handle('models.test', async ({ id }) => {
      const { config } = keys.profile(id); // an unknown id is refused (404); only the test call's failure is its result
      const started = performance.now();
      try {
        const model = factory()(config, { retry: { maxAttempts: 1 } });
        const reply = await model.complete({ messages: [{ role: 'user', content: 'Reply with the single word OK.' }], temperature: 0, maxTokens: 1 });
        const latencyMs = Math.round(performance.now() - started);
        return { ok: true, latencyMs, message: `Connected in ${latencyMs} ms; the model replied "${reply.text}".` };
      } catch (error) {
        return { ok: false, latencyMs: null, message: describeError(error) };
      }
    })
    .handle('prices.list', () => priceTable(store))
    .handle('prices.set', ({ provider, model, inputPerMTok, outputPerMTok, cachedInputPerMTok, cacheWritePerMTok }) => {
      store.models.setPrice(provider, model, inputPerMTok, outputPerMTok, { cachedInputPerMTok, cacheWritePerMTok });
      return priceTable(store);
    })
    .handle('prices.remove', ({ provider, model }) => {
      if (!store.models.removePrice(provider, model)) throw new UserError(`No price is set for ${provider}:${model}.`, 'not_found');
      return priceTable(store);
    });
}
