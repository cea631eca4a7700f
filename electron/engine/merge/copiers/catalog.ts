/**
 * What runs refer to and people set up, matched by natural key: model configs (by their canonical
 * config), players (by key, whose model-config id is translated), saved models (by name), prices (by
 * provider and model; keys are never in the database), the response cache (by request key), fixed
 * subsets (by name), and media (by sha256) with the names games give them.
 */
import type { Copier, MergeContext } from '../context';
import { copyRows } from '../rows';
import { settle } from '../settle';

/** Columns of a table but these. */
const except = (ctx: MergeContext, table: string, ...skip: string[]) => ctx.columns(table).filter((c) => !skip.includes(c));

const modelConfigs: Copier = {
  name: 'model configs',
  run(ctx) {
    copyRows(ctx, { table: 'model_configs', exists: 't.config = s.config' });
    ctx.provideMap('model_configs', `SELECT s.id, t.id FROM ${ctx.src}.model_configs s JOIN main.model_configs t ON t.config = s.config`);
    // The same config saved at two times: both files keep the earlier.
    settle(ctx, { table: 'model_configs', pairs: `${ctx.src}.model_configs s JOIN main.model_configs t ON t.config = s.config`, label: 't.config', columns: [], rule: 'smaller', timeColumns: ['created_at'], ident: 'rowid' });
  },
};

/**
 * A player's key names a model by its config's local id (`model:7`): in the target it is the key of the
 * translated id. Other keys (`human:ada`, `scripted:x`) are the same everywhere.
 */
const playerKey = `CASE WHEN s.model_config_id IS NOT NULL AND s.key = s.kind || ':' || s.model_config_id THEN s.kind || ':' || m_model_config_id.dst ELSE s.key END`;

const players: Copier = {
  name: 'players',
  run(ctx) {
    const configs = ctx.map('model_configs');
    const joins = `LEFT JOIN ${configs} m_model_config_id ON m_model_config_id.src = s.model_config_id`;
    copyRows(ctx, { table: 'players', set: { key: playerKey, model_config_id: 'm_model_config_id.dst' }, joins, exists: `t.key = ${playerKey}` });
    const pairs = `${ctx.src}.players s ${joins} JOIN main.players t ON t.key = ${playerKey}`;
    ctx.provideMap('players', `SELECT s.id, t.id FROM ${pairs}`);
    settle(ctx, { table: 'players', pairs, label: 't.key', columns: ['name'], rule: 'smaller', ident: 'rowid' });
  },
};

const profiles: Copier = {
  name: 'saved models',
  run(ctx) {
    copyRows(ctx, { table: 'model_profiles', exists: 't.name = s.name' });
    settle(ctx, {
      table: 'model_profiles', pairs: `${ctx.src}.model_profiles s JOIN main.model_profiles t ON t.name = s.name`, label: 't.name',
      columns: ['config'], quiet: ['created_at'], rule: 'newer', time: (a) => `${a}.updated_at`, timeName: 'updated_at', timeColumns: ['updated_at'], ident: 'rowid',
    });
  },
};

/** A table keyed by text columns, whose rows carry a time: missing rows copied, differing ones settled. */
function keyed(name: string, table: string, keys: readonly string[], time: string, rule: 'newer' | 'older'): Copier {
  return {
    name,
    run(ctx) {
      const same = keys.map((k) => `t.${k} = s.${k}`).join(' AND ');
      copyRows(ctx, { table, exists: same, omit: [] });
      settle(ctx, {
        table, pairs: `${ctx.src}.${table} s JOIN main.${table} t ON ${same}`, label: keys.map((k) => `t.${k}`).join(` || ':' || `),
        columns: except(ctx, table, ...keys, time), rule, time: (a) => `${a}.${time}`, timeName: time, timeColumns: [time], ident: keys,
      });
    },
  };
}

const media: Copier = {
  name: 'media',
  run(ctx) {
    // The same sha256 is the same bytes: nothing to settle but when each file first had them.
    copyRows(ctx, { table: 'media', exists: 't.sha256 = s.sha256' });
    settle(ctx, { table: 'media', pairs: `${ctx.src}.media s JOIN main.media t ON t.sha256 = s.sha256`, label: 't.sha256', columns: [], rule: 'smaller', timeColumns: ['created_at'], ident: 'rowid' });
  },
};

export const catalogCopiers: readonly Copier[] = [
  modelConfigs,
  players,
  profiles,
  keyed('prices', 'prices', ['provider', 'model'], 'updated_at', 'newer'),
  keyed('response cache', 'response_cache', ['key'], 'created_at', 'newer'),
  keyed('fixed subsets', 'fixed_subsets', ['name'], 'created_at', 'newer'),
  media,
  // The first file to find an image under a name keeps it, as within one file.
  keyed('media names', 'media_names', ['name'], 'added_at', 'older'),
];
