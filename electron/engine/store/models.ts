/** Model configs and players, the models saved in the UI, prices, the response cache, and every model call. */
import type { ModelConfig } from '../../../shared/contract/models';
import type { ErrorKind } from '../../../shared/contract/records';
import type { CallRef } from '../core/events';
import { ConflictError, NotFoundError } from '../errors';
import type { Db, Row } from './db';
import { canonicalJson, json, nowIso, num, parseJson, str } from './rows';
import { callUid } from './row-uids';
import type { PlayerKind } from './types';

export interface ProfileRow {
  id: number;
  name: string;
  config: unknown;
  createdAt: string;
  updatedAt: string;
}

export interface PriceRow {
  provider: string;
  model: string;
  inputPerMTok: number;
  outputPerMTok: number;
  /** Per million prompt tokens read from the provider's cache; null: the provider's usual share of the input price. */
  cachedInputPerMTok: number | null;
  /** Per million prompt tokens written to the cache (Anthropic); null: the usual share. */
  cacheWritePerMTok: number | null;
  updatedAt: string;
}

/** Tokens of some calls: every prompt token (cached or not), of which cached and written, and the output. */
export interface TokenCounts {
  inputTokens: number;
  outputTokens: number;
  cachedInputTokens: number;
  cacheWriteTokens: number;
}

export interface UsageRow extends TokenCounts {
  provider: string;
  model: string;
  calls: number;
  cachedCalls: number;
  /** The part of the tokens answered by provider batches (batch price). */
  batch: TokenCounts & { calls: number };
}

export interface CallInput {
  runId: number | null;
  episodeId: number | null;
  round: number | null;
  /** The seat (or `preflight`, `hint`) the call was made for. */
  role: string;
  modelConfigId: number;
  attempt: number;
  request: unknown;
  response: unknown;
  ok: boolean;
  httpStatus: number | null;
  errorKind: ErrorKind | null;
  error: string | null;
  latencyMs: number | null;
  inputTokens: number | null;
  outputTokens: number | null;
  startedAt: string;
  /** Served from the response cache, not the provider. */
  cached?: boolean;
  /** The provider batch that answered it (batch price); absent for a live call. */
  batchId?: number | null;
  /** Of the input tokens, read from and written to the provider's prompt cache (null: not reported). */
  cachedInputTokens?: number | null;
  cacheWriteTokens?: number | null;
}

export interface CallRow extends Omit<CallInput, 'ok' | 'cached' | 'batchId' | 'cachedInputTokens' | 'cacheWriteTokens'> {
  id: number;
  status: 'ok' | 'error';
  cached: boolean;
  batchId: number | null;
  cachedInputTokens: number | null;
  cacheWriteTokens: number | null;
}

export class Models {
  constructor(private readonly db: Db) {}

  ensureConfig(config: ModelConfig): number {
    const row = this.db
      .q(`INSERT INTO model_configs (provider, model, base_url, api_key_env, config) VALUES (?, ?, ?, ?, ?)
          ON CONFLICT (config) DO UPDATE SET config = excluded.config RETURNING id`)
      .get(config.provider, config.model, config.baseUrl ?? null, config.apiKeyEnv ?? null, canonicalJson(config)) as Row;
    return Number(row.id);
  }

  ensurePlayer(kind: PlayerKind, name: string, modelConfigId: number | null): number {
    const key = modelConfigId === null ? `${kind}:${name}` : `${kind}:${modelConfigId}`;
    const row = this.db
      .q(`INSERT INTO players (key, kind, name, model_config_id) VALUES (?, ?, ?, ?) ON CONFLICT (key) DO UPDATE SET name = excluded.name RETURNING id`)
      .get(key, kind, name, modelConfigId) as Row;
    return Number(row.id);
  }

  // ── models saved in the UI ──────────────────────────────────────────────

  listProfiles(): ProfileRow[] {
    return (this.db.q(`SELECT * FROM model_profiles ORDER BY name`).all() as Row[]).map(toProfile);
  }

  getProfile(id: number): ProfileRow {
    const row = this.db.q(`SELECT * FROM model_profiles WHERE id = ?`).get(id) as Row | undefined;
    if (!row) throw new NotFoundError('model profile', id);
    return toProfile(row);
  }

  /** Creates a profile, or updates the one with `id`; names are unique. */
  saveProfile(profile: { id?: number; name: string; config: unknown }): ProfileRow {
    const clash = this.db.q(`SELECT id FROM model_profiles WHERE name = ?`).get(profile.name) as Row | undefined;
    if (clash && Number(clash.id) !== profile.id) throw new ConflictError(`A model named "${profile.name}" already exists.`);
    if (profile.id === undefined) {
      const id = this.db.q(`INSERT INTO model_profiles (name, config) VALUES (?, ?)`).run(profile.name, json(profile.config)).lastInsertRowid;
      return this.getProfile(Number(id));
    }
    const changed = this.db.q(`UPDATE model_profiles SET name = ?, config = ?, updated_at = ? WHERE id = ?`).run(profile.name, json(profile.config), nowIso(), profile.id).changes;
    if (!changed) throw new NotFoundError('model profile', profile.id);
    return this.getProfile(profile.id);
  }

  removeProfile(id: number): boolean {
    return this.db.q(`DELETE FROM model_profiles WHERE id = ?`).run(id).changes > 0;
  }

  // ── prices and usage ────────────────────────────────────────────────────

  setPrice(provider: string, model: string, inputPerMTok: number, outputPerMTok: number, cache: { cachedInputPerMTok?: number | null; cacheWritePerMTok?: number | null } = {}): void {
    this.db
      .q(`INSERT INTO prices (provider, model, input_per_mtok, output_per_mtok, cached_input_per_mtok, cache_write_per_mtok, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (provider, model) DO UPDATE SET input_per_mtok = excluded.input_per_mtok, output_per_mtok = excluded.output_per_mtok,
            cached_input_per_mtok = excluded.cached_input_per_mtok, cache_write_per_mtok = excluded.cache_write_per_mtok, updated_at = excluded.updated_at`)
      .run(provider, model, inputPerMTok, outputPerMTok, cache.cachedInputPerMTok ?? null, cache.cacheWritePerMTok ?? null, nowIso());
  }

  removePrice(provider: string, model: string): boolean {
    return this.db.q(`DELETE FROM prices WHERE provider = ? AND model = ?`).run(provider, model).changes > 0;
  }

  listPrices(): PriceRow[] {
    return (this.db.q(`SELECT * FROM prices ORDER BY provider, model`).all() as Row[]).map((r) => ({
      provider: String(r.provider),
      model: String(r.model),
      inputPerMTok: Number(r.input_per_mtok),
      outputPerMTok: Number(r.output_per_mtok),
      cachedInputPerMTok: num(r.cached_input_per_mtok),
      cacheWritePerMTok: num(r.cache_write_per_mtok),
      updatedAt: String(r.updated_at),
    }));
  }

  /** Tokens used by a run, per model; calls from the response cache cost nothing and are counted apart. */
  usage(runId: number): UsageRow[] {
    const live = (column: string, batch: boolean) =>
      `SUM(CASE WHEN c.cached = 0 AND c.batch_id IS ${batch ? 'NOT ' : ''}NULL THEN COALESCE(c.${column}, 0) ELSE 0 END)`;
    const rows = this.db
      .q(`SELECT m.provider, m.model, COUNT(*) AS calls, SUM(c.cached) AS cached_calls,
            ${live('input_tokens', false)} AS input, ${live('output_tokens', false)} AS output,
            ${live('cached_input_tokens', false)} AS cached_input, ${live('cache_write_tokens', false)} AS cache_write,
            SUM(c.cached = 0 AND c.batch_id IS NOT NULL) AS batch_calls,
            ${live('input_tokens', true)} AS b_input, ${live('output_tokens', true)} AS b_output,
            ${live('cached_input_tokens', true)} AS b_cached_input, ${live('cache_write_tokens', true)} AS b_cache_write
          FROM model_calls c JOIN model_configs m ON m.id = c.model_config_id
          WHERE c.run_id = ? GROUP BY m.provider, m.model ORDER BY m.provider, m.model`)
      .all(runId) as Row[];
    const n = (v: unknown) => Number(v ?? 0);
    return rows.map((r) => {
      const batch = { calls: n(r.batch_calls), inputTokens: n(r.b_input), outputTokens: n(r.b_output), cachedInputTokens: n(r.b_cached_input), cacheWriteTokens: n(r.b_cache_write) };
      return {
        provider: String(r.provider),
        model: String(r.model),
        calls: n(r.calls),
        cachedCalls: n(r.cached_calls),
        inputTokens: n(r.input) + batch.inputTokens,
        outputTokens: n(r.output) + batch.outputTokens,
        cachedInputTokens: n(r.cached_input) + batch.cachedInputTokens,
        cacheWriteTokens: n(r.cache_write) + batch.cacheWriteTokens,
        batch,
      };
    });
  }

  // ── the response cache ──────────────────────────────────────────────────

  cacheGet(key: string): unknown {
    const row = this.db.q(`SELECT response FROM response_cache WHERE key = ?`).get(key) as Row | undefined;
    return row ? parseJson(row.response) : undefined;
  }

  cachePut(key: string, model: string, request: unknown, response: unknown): void {
    this.db.q(`INSERT OR IGNORE INTO response_cache (key, model, request, response) VALUES (?, ?, ?, ?)`).run(key, model, json(request), json(response));
  }

  // ── model calls ─────────────────────────────────────────────────────────

  /** Appends a call attempt (group-committed, see `Db.append`); its id is known once committed. */
  recordCall(call: CallInput): CallRef {
    const ref: CallRef = { id: null };
    const c = call;
    const insert = this.db.prepare(
      `INSERT INTO model_calls (uid, run_id, episode_id, round, role, model_config_id, attempt, request, response,
         status, http_status, error_kind, error, latency_ms, input_tokens, output_tokens, started_at, cached, batch_id,
         cached_input_tokens, cache_write_tokens)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    this.db.append(() => {
      // Serialised at commit time, off the path between one model call and the next; callers must
      // not mutate request or response bodies once recorded.
      const response = c.response === undefined || c.response === null ? null : json(c.response);
      ref.id = Number(
        insert.run(
          // Named at commit time: the ordinal among calls of the same key counts those committed before it.
          callUid(this.db, c), c.runId, c.episodeId, c.round, c.role, c.modelConfigId, c.attempt, json(c.request), response, c.ok ? 'ok' : 'error',
          c.httpStatus, c.errorKind, c.error, c.latencyMs, c.inputTokens, c.outputTokens, c.startedAt, c.cached ? 1 : 0, c.batchId ?? null,
          c.cachedInputTokens ?? null, c.cacheWriteTokens ?? null,
        ).lastInsertRowid,
      );
    });
    return ref;
  }

  calls(episodeId: number): CallRow[] {
    return (this.db.q(`SELECT * FROM model_calls WHERE episode_id = ? ORDER BY id`).all(episodeId) as Row[]).map(toCall);
  }

  call(callId: number): CallRow {
    const row = this.db.q(`SELECT * FROM model_calls WHERE id = ?`).get(callId) as Row | undefined;
    if (!row) throw new NotFoundError('model call', callId);
    return toCall(row);
  }

  /** Whether an episode has a successful call for this role (e.g. a hint was asked for). */
  hasCall(episodeId: number, role: string): boolean {
    return this.db.q(`SELECT 1 FROM model_calls WHERE episode_id = ? AND role = ? AND status = 'ok' LIMIT 1`).get(episodeId, role) !== undefined;
  }

  /** How many calls each episode of a run made, without reading the calls. */
  callsPerEpisode(runId: number): Map<number, number> {
    const rows = this.db.q(`SELECT episode_id, COUNT(*) AS n FROM model_calls WHERE run_id = ? AND episode_id IS NOT NULL GROUP BY episode_id`).all(runId) as Row[];
    return new Map(rows.map((r) => [Number(r.episode_id), Number(r.n)]));
  }

  countCalls(runId: number): { total: number; ok: number; errors: number } {
    const row = this.db.q(`SELECT COUNT(*) AS total, SUM(status = 'ok') AS ok, SUM(status = 'error') AS errors FROM model_calls WHERE run_id = ?`).get(runId) as Row;
    return { total: Number(row.total), ok: Number(row.ok ?? 0), errors: Number(row.errors ?? 0) };
  }
}

function toProfile(row: Row): ProfileRow {
  return { id: Number(row.id), name: String(row.name), config: parseJson(row.config), createdAt: String(row.created_at), updatedAt: String(row.updated_at) };
}

function toCall(row: Row): CallRow {
  return {
    id: Number(row.id),
    runId: num(row.run_id),
    episodeId: num(row.episode_id),
    round: num(row.round),
    role: String(row.role),
    modelConfigId: Number(row.model_config_id),
    attempt: Number(row.attempt),
    request: parseJson(row.request),
    response: row.response === null ? null : parseJson(row.response),
    status: row.status as 'ok' | 'error',
    httpStatus: num(row.http_status),
    errorKind: (row.error_kind as ErrorKind | null) ?? null,
    error: str(row.error),
    latencyMs: num(row.latency_ms),
    inputTokens: num(row.input_tokens),
    outputTokens: num(row.output_tokens),
    startedAt: String(row.started_at),
    cached: Number(row.cached) === 1,
    batchId: num(row.batch_id),
    cachedInputTokens: num(row.cached_input_tokens),
    cacheWriteTokens: num(row.cache_write_tokens),
  };
}
