/**
 * The annotation side of a merge, after the plays (items point at events): annotators, sets, items,
 * every label and every ruling, each matched by uid. Labels and rulings are kept, never overwritten,
 * so a merge is their union: each annotator's newest standing label counts, as in one file. The
 * database's current annotator is local to a file and never comes in.
 *
 * Settled by rules that look only at the two rows (so A←B and B←A agree):
 *   - one name is one person: two annotators of the same name with different uids (each file added
 *     them) become one, the smaller uid standing;
 *   - two different sets of the same name: the one with the larger uid is renamed `name (uid prefix)`;
 *   - a label or ruling undone in either file is undone (an undo is a later fact than the label).
 */
import type { Copier } from '../context';
import { copyRows } from '../rows';
import { settle } from '../settle';

const annotators: Copier = {
  name: 'annotators',
  run(ctx) {
    const same = `main.annotators t ON t.uid = s.uid OR (t.name = s.name AND NOT EXISTS (SELECT 1 FROM main.annotators u WHERE u.uid = s.uid))`;
    // The same name under two uids: the smaller uid stands in the target before anything maps to it.
    const twins = ctx.db.prepare(`SELECT t.id, t.name, t.uid AS t_uid, s.uid AS s_uid FROM ${ctx.src}.annotators s JOIN ${same} WHERE t.uid <> s.uid`).all() as { id: number; name: string; t_uid: string; s_uid: string }[];
    for (const twin of twins) {
      const source = twin.s_uid < twin.t_uid;
      if (source) ctx.db.prepare(`UPDATE main.annotators SET uid = ? WHERE id = ?`).run(twin.s_uid, twin.id);
      ctx.conflict({ table: 'annotators', key: twin.name, what: 'the same name under two uids (each file added the person)', rule: 'one name is one person: the smaller uid stands', kept: source ? 'source' : 'target' });
    }
    copyRows(ctx, { table: 'annotators', exists: 't.uid = s.uid OR t.name = s.name' });
    // A person is found by uid, else by name (the twin just settled).
    const pairs = `${ctx.src}.annotators s JOIN main.annotators t ON t.id = COALESCE((SELECT id FROM main.annotators WHERE uid = s.uid), (SELECT id FROM main.annotators WHERE name = s.name))`;
    ctx.provideMap('annotators', `SELECT s.id, t.id FROM ${pairs}`);
    // The same person added at two times: both files keep the earlier.
    settle(ctx, { table: 'annotators', pairs, label: 't.name', columns: [], rule: 'smaller', timeColumns: ['created_at'], ident: 'rowid' });
  },
};

/** A set renamed because another set has its name: `name (first 8 of its uid)`. */
const renamed = (alias: string) => `${alias}.name || ' (' || substr(${alias}.uid, 1, 8) || ')'`;

const sets: Copier = {
  name: 'annotation sets',
  run(ctx) {
    // Two sets, one name: the larger uid gives way, whichever file it is in.
    const clashes = ctx.db
      .prepare(`SELECT t.id, t.name, t.uid AS t_uid, s.uid AS s_uid FROM ${ctx.src}.annotation_sets s JOIN main.annotation_sets t ON t.name = s.name AND t.uid <> s.uid
                WHERE NOT EXISTS (SELECT 1 FROM main.annotation_sets u WHERE u.uid = s.uid)`)
      .all() as { id: number; name: string; t_uid: string; s_uid: string }[];
    for (const clash of clashes) {
      const targetGivesWay = clash.t_uid > clash.s_uid;
      if (targetGivesWay) ctx.db.prepare(`UPDATE main.annotation_sets SET name = ${renamed('annotation_sets')} WHERE id = ?`).run(clash.id);
      ctx.conflict({ table: 'annotation_sets', key: clash.name, what: 'two different sets (other uids) of one name', rule: 'the set with the larger uid is renamed "name (uid prefix)"', kept: targetGivesWay ? 'source' : 'target' });
    }
    const name = `CASE WHEN EXISTS (SELECT 1 FROM main.annotation_sets o WHERE o.name = s.name AND o.uid <> s.uid) THEN ${renamed('s')} ELSE s.name END`;
    copyRows(ctx, { table: 'annotation_sets', set: { name }, exists: 't.uid = s.uid' });
    ctx.provideMap('annotation_sets', `SELECT s.id, t.id FROM ${ctx.src}.annotation_sets s JOIN main.annotation_sets t ON t.uid = s.uid`);
  },
};

const items: Copier = {
  name: 'annotation items',
  run(ctx) {
    ctx.provideMap('annotation_items', `SELECT s.id, t.id FROM ${ctx.src}.annotation_items s JOIN main.annotation_items t ON t.uid = s.uid`);
    // A file without items needs no map of its events (a join over every event, slow on millions).
    if (ctx.sourceCount('annotation_items') === 0) {
      ctx.count('annotation_items', 0, 0);
      return;
    }
    // An item whose event did not come in (its play stayed out), or whose place in its set is taken by
    // another item, cannot follow: reported, with its labels left out.
    const events = ctx.map('events');
    const setsMap = ctx.map('annotation_sets');
    const stranded = ctx.db
      .prepare(`SELECT s.uid FROM ${ctx.src}.annotation_items s LEFT JOIN ${events} e ON e.src = s.event_id JOIN ${setsMap} m ON m.src = s.set_id
                WHERE NOT EXISTS (SELECT 1 FROM main.annotation_items t WHERE t.uid = s.uid)
                  AND (e.dst IS NULL OR EXISTS (SELECT 1 FROM main.annotation_items t WHERE t.set_id = m.dst AND (t.position = s.position OR t.event_id = e.dst)))`)
      .pluck()
      .all() as string[];
    for (const uid of stranded) ctx.conflict({ table: 'annotation_items', key: uid, what: 'its event is not in this database, or its place in the set is taken', rule: 'an item follows its event and its place; its labels stay out with it', kept: 'target' });
    copyRows(ctx, {
      table: 'annotation_items',
      refs: { set_id: 'annotation_sets', event_id: 'events' },
      where: 'm_event_id.dst IS NOT NULL AND NOT EXISTS (SELECT 1 FROM main.annotation_items o WHERE o.set_id = m_set_id.dst AND (o.position = s.position OR o.event_id = m_event_id.dst) AND o.uid <> s.uid)',
      exists: 't.uid = s.uid',
    });
  },
};

/** Labels or rulings: every one the target lacks comes in; an undo in either file stands (the earlier time if both). */
function history(name: string, table: 'annotations' | 'rulings', person: 'annotator_id' | 'adjudicator_id', at: 'labelled_at' | 'ruled_at'): Copier {
  return {
    name,
    run(ctx) {
      copyRows(ctx, {
        table,
        refs: { item_id: 'annotation_items', [person]: 'annotators' },
        // Items that stayed out take their labels with them; one person's two rows at one time (the
        // person came in under another uid) are one.
        where: 'm_item_id.dst IS NOT NULL',
        exists: `t.uid = s.uid OR (t.item_id = m_item_id.dst AND t.${person} = m_${person}.dst AND t.${at} = s.${at})`,
      });
      ctx.db
        .prepare(`UPDATE main.${table} SET undone_at = (SELECT s.undone_at FROM ${ctx.src}.${table} s WHERE s.uid = main.${table}.uid)
                  WHERE uid IN (SELECT s.uid FROM ${ctx.src}.${table} s WHERE s.undone_at IS NOT NULL)
                    AND (undone_at IS NULL OR undone_at > (SELECT s.undone_at FROM ${ctx.src}.${table} s WHERE s.uid = main.${table}.uid))`)
        .run();
    },
  };
}

/** Annotation tables, in the order their ids point at each other; nothing on a source from before them (its copy was migrated, so never). */
export const annotationCopiers: readonly Copier[] = [
  annotators,
  sets,
  items,
  history('labels', 'annotations', 'annotator_id', 'labelled_at'),
  history('rulings', 'rulings', 'adjudicator_id', 'ruled_at'),
];

