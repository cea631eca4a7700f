/**
 * Annotation sets: their items (events to check) and their labels. Labels are kept, never
 * overwritten: each annotator's newest label of an item that is not undone is the one that counts
 * (their standing label); the others are its history.
 */
import { StratumPlanListSchema, type StratumPlan } from '../../../shared/contract/annotation';
import { ConflictError, DatabaseError, NotFoundError } from '../errors';
import type { Db, Row } from './db';
import { laterThan } from './label-time';
import { json, marks, parseJson, str } from './rows';
import { childUid, newUid } from './uid';

/** An event that can be annotated, with what it can be stratified by. */
export interface CandidateRow {
  eventId: number;
  episodeId: number;
  runId: number;
  idx: number;
  round: number;
  /** The event's own label (EDA: the judge's normalised answer). */
  label: string;
  /** The model in the producing seat. */
  model: string;
  dataset: string;
  datasetKind: string;
  instance: string;
  tags: Record<string, string>;
  game: string;
}

export interface AnnotationItemRow extends CandidateRow {
  itemId: number;
  position: number;
  stratum: string | null;
  inOverlap: boolean;
}

export interface AnnotationSetRow {
  id: number;
  name: string;
  spec: unknown;
  /** A stratified set's strata as drawn; null for other sets and for sets made before the plan was kept. */
  plan: StratumPlan[] | null;
  createdAt: string;
  items: number;
  /** Items with at least one label other than a skip. */
  labelledItems: number;
  annotators: string[];
}

export interface AnnotationLabelRow {
  id: number;
  itemId: number;
  annotator: string;
  verdict: 'correct' | 'wrong' | 'ambiguous' | 'skip';
  answer: string | null;
  note: string | null;
  labelledAt: string;
}

/** A label in an item's history: standing (the one that counts), replaced by a newer one, or undone. */
export interface LabelHistoryRow extends AnnotationLabelRow {
  undoneAt: string | null;
  standing: boolean;
}

/** SQL: label `a` is its annotator's standing label of its item (the newest not undone). */
const standing = (a: string) => `(${a}.undone_at IS NULL AND NOT EXISTS (SELECT 1 FROM annotations o WHERE o.item_id = ${a}.item_id
  AND o.annotator_id = ${a}.annotator_id AND o.undone_at IS NULL AND o.labelled_at > ${a}.labelled_at))`;

const toLabel = (row: Row): AnnotationLabelRow => ({
  id: Number(row.id),
  itemId: Number(row.item_id),
  annotator: String(row.annotator),
  verdict: row.verdict as AnnotationLabelRow['verdict'],
  answer: str(row.answer),
  note: str(row.note),
  labelledAt: String(row.labelled_at),
});

const candidateSelect = (labelKey: string) => `
  SELECT v.id AS event_id, v.idx, v.round, v.episode_id, e.run_id, json_extract(v.action, '$.${labelKey.replace(/[^A-Za-z0-9_]/g, '')}') AS label,
         p.name AS model, d.name AS dataset, d.kind AS dataset_kind, i.name AS instance, i.tags, r.game
  FROM events v JOIN episodes e ON e.id = v.episode_id JOIN runs r ON r.id = e.run_id
  JOIN instances i ON i.id = e.instance_id JOIN datasets d ON d.id = i.dataset_id
  JOIN episode_seats es ON es.episode_id = e.id AND es.seat = v.from_seat JOIN players p ON p.id = es.player_id`;

function toCandidate(row: Row): CandidateRow {
  return {
    eventId: Number(row.event_id),
    episodeId: Number(row.episode_id),
    runId: Number(row.run_id),
    idx: Number(row.idx),
    round: Number(row.round),
    label: String(row.label ?? ''),
    model: String(row.model),
    dataset: String(row.dataset),
    datasetKind: String(row.dataset_kind),
    instance: String(row.instance),
    tags: parseJson<Record<string, string>>(row.tags ?? '{}'),
    game: String(row.game),
  };
}

const SET_SELECT = `
  SELECT s.*,
    (SELECT COUNT(*) FROM annotation_items i WHERE i.set_id = s.id) AS n_items,
    (SELECT COUNT(DISTINCT a.item_id) FROM annotations a JOIN annotation_items i ON i.id = a.item_id
      WHERE i.set_id = s.id AND a.verdict != 'skip' AND ${standing('a')}) AS n_labelled,
    (SELECT json_group_array(DISTINCT p.name) FROM annotations a JOIN annotation_items i ON i.id = a.item_id JOIN annotators p ON p.id = a.annotator_id
      WHERE i.set_id = s.id AND a.undone_at IS NULL) AS annotators
  FROM annotation_sets s`;

/**
 * The plan rides in the spec's JSON under `plan` (no schema change for a derived list); the spec
 * handed out is the one that was asked for, without it. A set made before the plan was kept has
 * none (null); a stored plan that does not read as one is refused, not guessed at.
 */
function splitPlan(stored: unknown, set: { id: number; name: string }): { spec: unknown; plan: StratumPlan[] | null } {
  if (typeof stored !== 'object' || stored === null || !('plan' in stored)) return { spec: stored, plan: null };
  const { plan, ...spec } = stored as { plan: unknown };
  if (plan === null) return { spec, plan: null };
  const parsed = StratumPlanListSchema.safeParse(plan);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.reduce<string>((at, k) => (typeof k === 'number' ? `${at}[${k}]` : `${at}.${String(k)}`), 'plan');
    throw new DatabaseError(`Annotation set ${set.id} ("${set.name}") has a malformed stratum plan in its stored spec (${where}: ${issue.message}); the database may have been edited by hand.`);
  }
  return { spec, plan: parsed.data };
}

function toSet(row: Row): AnnotationSetRow {
  const set = { id: Number(row.id), name: String(row.name) };
  return {
    ...set,
    ...splitPlan(parseJson(row.spec), set),
    createdAt: String(row.created_at),
    items: Number(row.n_items),
    labelledItems: Number(row.n_labelled),
    annotators: (parseJson<(string | null)[]>(row.annotators) ?? []).filter((a): a is string => a !== null).sort(),
  };
}

export class Annotations {
  constructor(private readonly db: Db) {}

  /** Events of these runs that a game allows annotating: of this kind, from seats of this role (with a model call). */
  candidates(runIds: readonly number[], target: { role: string; kind: string; needsCall: boolean }, labelKey: string): CandidateRow[] {
    if (!runIds.length) return [];
    return (
      this.db
        .dynamic(`${candidateSelect(labelKey)} WHERE e.run_id IN (${marks(runIds)}) AND v.kind = ? AND es.role = ? ${target.needsCall ? 'AND v.call_id IS NOT NULL' : ''} ORDER BY v.id`)
        .all(...runIds, target.kind, target.role) as Row[]
    ).map(toCandidate);
  }

  /** `plan`: a stratified set's strata as drawn (kept to weight its error rates back to the strata's sizes). */
  createSet(name: string, spec: object, items: readonly { eventId: number; stratum: string | null; inOverlap: boolean }[], plan: readonly StratumPlan[] | null = null): number {
    return this.db.tx(() => {
      if (this.db.q(`SELECT 1 FROM annotation_sets WHERE name = ?`).get(name)) throw new ConflictError(`An annotation set named "${name}" already exists.`);
      const stored = plan ? { ...spec, plan: plan.map(({ key, available, take }) => ({ key, available, take })) } : spec;
      const uid = newUid();
      const setId = Number(this.db.q(`INSERT INTO annotation_sets (uid, name, spec) VALUES (?, ?, ?)`).run(uid, name, json(stored)).lastInsertRowid);
      const eventUid = this.db.prepare(`SELECT uid FROM events WHERE id = ?`).pluck();
      const insert = this.db.prepare(`INSERT INTO annotation_items (uid, set_id, event_id, position, stratum, in_overlap) VALUES (?, ?, ?, ?, ?, ?)`);
      items.forEach((item, i) => {
        // An item is named by its set and its event, so the same item in two copies of a set merges as one.
        const event = eventUid.get(item.eventId) as string | null | undefined;
        if (!event) throw new DatabaseError(`Event ${item.eventId} has no uid; the database may have been written by another program (parlor merge fills them in).`);
        insert.run(childUid(uid, 'item', event), setId, item.eventId, i + 1, item.stratum, item.inOverlap ? 1 : 0);
      });
      return setId;
    });
  }

  listSets(): AnnotationSetRow[] {
    return (this.db.q(`${SET_SELECT} ORDER BY s.id DESC`).all() as Row[]).map(toSet);
  }

  getSet(setId: number): AnnotationSetRow {
    const row = this.db.q(`${SET_SELECT} WHERE s.id = ?`).get(setId) as Row | undefined;
    if (!row) throw new NotFoundError('annotation set', setId);
    return toSet(row);
  }

  /** Every item of a set (or one) with its event, episode and producer, in set order. */
  items(setId: number, labelKey: string, itemId?: number): AnnotationItemRow[] {
    return (
      this.db
        .q(`SELECT ai.id AS item_id, ai.position, ai.stratum, ai.in_overlap, c.* FROM annotation_items ai
            JOIN (${candidateSelect(labelKey)}) c ON c.event_id = ai.event_id WHERE ai.set_id = @set AND (@item IS NULL OR ai.id = @item) ORDER BY ai.position`)
        .all({ set: setId, item: itemId ?? null }) as Row[]
    ).map((row) => ({ ...toCandidate(row), itemId: Number(row.item_id), position: Number(row.position), stratum: str(row.stratum), inOverlap: row.in_overlap === 1 }));
  }

  /** The game whose events a set holds (every item of a set is of one game). */
  gameOf(setId: number): string | null {
    return (this.db.q(`SELECT r.game FROM annotation_items ai JOIN events v ON v.id = ai.event_id JOIN episodes e ON e.id = v.episode_id
                        JOIN runs r ON r.id = e.run_id WHERE ai.set_id = ? LIMIT 1`).pluck().get(setId) as string | undefined) ?? null;
  }

  /** An annotator's id by name; 0 (no row) for a name that has never labelled, so queries find nothing of theirs. */
  private who(annotator: string): number {
    return (this.db.q(`SELECT id FROM annotators WHERE name = ?`).pluck().get(annotator) as number | undefined) ?? 0;
  }

  /**
   * The next items for an annotator: ones they have not labelled that are theirs to label (overlap
   * items, or items nobody has labelled yet) in set order, then the ones they skipped, oldest skip first.
   */
  queue(setId: number, annotator: string, limit: number): number[] {
    const who = this.who(annotator);
    const fresh = this.db
      .q(`SELECT i.id FROM annotation_items i WHERE i.set_id = @set
            AND NOT EXISTS (SELECT 1 FROM annotations a WHERE a.item_id = i.id AND a.annotator_id = @who AND a.undone_at IS NULL)
            AND (i.in_overlap = 1 OR NOT EXISTS (SELECT 1 FROM annotations a WHERE a.item_id = i.id AND a.verdict != 'skip' AND ${standing('a')}))
          ORDER BY i.position LIMIT @limit`)
      .pluck()
      .all({ set: setId, who, limit }) as number[];
    const skipped =
      fresh.length < limit
        ? (this.db
            .q(`SELECT i.id FROM annotation_items i JOIN annotations a ON a.item_id = i.id AND a.annotator_id = @who AND a.verdict = 'skip' AND ${standing('a')}
                WHERE i.set_id = @set ORDER BY a.labelled_at, a.id LIMIT @limit`)
            .pluck()
            .all({ who, set: setId, limit: limit - fresh.length }) as number[])
        : [];
    return [...fresh, ...skipped];
  }

  /** Items an annotator has labelled (skips aside), and how many are theirs to label in all. */
  progress(setId: number, annotator: string): { done: number; total: number } {
    const mine = `EXISTS (SELECT 1 FROM annotations a WHERE a.item_id = i.id AND a.annotator_id = @who AND a.verdict != 'skip' AND ${standing('a')})`;
    const row = this.db
      .q(`SELECT SUM(${mine}) AS done,
            SUM(i.in_overlap = 1 OR ${mine} OR NOT EXISTS (SELECT 1 FROM annotations a WHERE a.item_id = i.id AND a.verdict != 'skip' AND ${standing('a')})) AS total
          FROM annotation_items i WHERE i.set_id = @set`)
      .get({ who: this.who(annotator), set: setId }) as Row;
    return { done: Number(row.done ?? 0), total: Number(row.total ?? 0) };
  }

  /** Adds a label; the annotator's earlier labels of the item stay, as its history. */
  label(label: { itemId: number; annotatorId: number; verdict: string; answer: string | null; note: string | null }): void {
    this.db.tx(() => {
      const item = this.db.q(`SELECT uid FROM annotation_items WHERE id = ?`).pluck().get(label.itemId) as string | undefined;
      if (item === undefined) throw new NotFoundError('annotation item', label.itemId);
      const person = this.db.q(`SELECT uid FROM annotators WHERE id = ?`).pluck().get(label.annotatorId) as string;
      const last = this.db.q(`SELECT MAX(labelled_at) FROM annotations WHERE item_id = ? AND annotator_id = ?`).pluck().get(label.itemId, label.annotatorId) as string | null;
      const at = laterThan(last);
      this.db
        .q(`INSERT INTO annotations (uid, item_id, annotator_id, verdict, answer, note, labelled_at) VALUES (?, ?, ?, ?, ?, ?, ?)`)
        .run(childUid(item, 'label', person, at), label.itemId, label.annotatorId, label.verdict, label.answer, label.note, at);
    });
  }

  /**
   * Takes back an annotator's newest label in a set (marked undone, kept in the history; the label
   * it replaced, if any, counts again); returns its item, or null when there is none.
   */
  undo(setId: number, annotator: string): number | null {
    return this.db.tx(() => {
      const row = this.db
        .q(`SELECT a.id, a.item_id FROM annotations a JOIN annotation_items i ON i.id = a.item_id
            WHERE i.set_id = ? AND a.annotator_id = ? AND a.undone_at IS NULL ORDER BY a.labelled_at DESC, a.id DESC LIMIT 1`)
        .get(setId, this.who(annotator)) as Row | undefined;
      if (!row) return null;
      this.db.q(`UPDATE annotations SET undone_at = ? WHERE id = ?`).run(laterThan(null), row.id);
      return Number(row.item_id);
    });
  }

  /** Every annotator's standing label of each item of a set, in the order they were given. */
  labels(setId: number): AnnotationLabelRow[] {
    return (
      this.db
        .q(`SELECT a.*, p.name AS annotator FROM annotations a JOIN annotation_items i ON i.id = a.item_id JOIN annotators p ON p.id = a.annotator_id
            WHERE i.set_id = ? AND ${standing('a')} ORDER BY a.id`)
        .all(setId) as Row[]
    ).map(toLabel);
  }

  /** Every label an item was given (of one annotator, or of all), newest first. */
  history(itemId: number, annotator?: string): LabelHistoryRow[] {
    return (
      this.db
        .q(`SELECT a.*, p.name AS annotator, ${standing('a')} AS standing FROM annotations a JOIN annotators p ON p.id = a.annotator_id
            WHERE a.item_id = @item AND (@who IS NULL OR a.annotator_id = @who) ORDER BY a.labelled_at DESC, a.id DESC`)
        .all({ item: itemId, who: annotator === undefined ? null : this.who(annotator) }) as Row[]
    ).map((row) => ({ ...toLabel(row), undoneAt: str(row.undone_at), standing: row.standing === 1 }));
  }
}
