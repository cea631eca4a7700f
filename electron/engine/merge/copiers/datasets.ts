/**
 * Datasets and their instances. A dataset is the target's when it has the same uid, or the same game
 * and name with the same kind and contents (content hash; none for bundled data): two machines that
 * loaded the same data each gave it a uid of their own, and both files then keep the smaller. Another
 * dataset under a name the target uses is kept too, under a name of its own: the first stored keeps
 * the name. Instances are matched by dataset, subset and key.
 */
import type { Row } from '../../store/db';
import type { Copier, MergeContext } from '../context';
import { copyRows } from '../rows';
import { settle } from '../settle';

interface DatasetRow {
  id: number;
  uid: string;
  game: string;
  name: string;
  kind: string;
  content_hash: string | null;
  created_at: string;
}

const datasets: Copier = {
  name: 'datasets',
  run(ctx) {
    const { db, src } = ctx;
    const byUid = db.prepare(`SELECT * FROM main.datasets WHERE uid = ?`);
    const byName = db.prepare(`SELECT * FROM main.datasets WHERE game = ? AND name = ?`);
    const pairs: [number, number][] = [];
    let already = 0;
    for (const s of db.prepare(`SELECT * FROM ${src}.datasets ORDER BY id`).all() as DatasetRow[]) {
      const same = byUid.get(s.uid) as DatasetRow | undefined;
      if (same) {
        pairs.push([s.id, same.id]);
        already++;
        continue;
      }
      const named = byName.get(s.game, s.name) as DatasetRow | undefined;
      if (named && named.kind === s.kind && (named.content_hash ?? null) === (s.content_hash ?? null)) {
        if (s.uid < named.uid) db.prepare(`UPDATE main.datasets SET uid = ? WHERE id = ?`).run(s.uid, named.id);
        if (s.created_at < named.created_at) db.prepare(`UPDATE main.datasets SET created_at = ? WHERE id = ?`).run(s.created_at, named.id);
        pairs.push([s.id, named.id]);
        already++;
        continue;
      }
      let name = s.name;
      if (named) {
        const sourceKeeps = s.created_at < named.created_at || (s.created_at === named.created_at && s.uid < named.uid);
        const renamed = freeName(ctx, sourceKeeps ? named : s);
        if (sourceKeeps) db.prepare(`UPDATE main.datasets SET name = ? WHERE id = ?`).run(renamed, named.id);
        else name = renamed;
        ctx.conflict({
          table: 'datasets', key: `${s.game}/${s.name}`, what: 'another dataset under the same name (its kind or contents differ)',
          rule: `the first stored keeps the name; the other is renamed "${renamed}"`, kept: sourceKeeps ? 'source' : 'target',
        });
      }
      const columns = ctx.columns('datasets').filter((c) => c !== 'id' && c !== 'name');
      const id = db
        .prepare(`INSERT INTO main.datasets (name, ${columns.join(', ')}) SELECT ?, ${columns.join(', ')} FROM ${src}.datasets WHERE id = ?`)
        .run(name, s.id).lastInsertRowid;
      pairs.push([s.id, Number(id)]);
    }
    ctx.count('datasets', pairs.length - already, already);
    ctx.provideMap('datasets', pairs.length ? `SELECT column1, column2 FROM (VALUES ${pairs.map(([a, b]) => `(${a}, ${b})`).join(', ')})` : 'SELECT 1, 1 WHERE 0');
  },
};

/** `name@hash`: the dataset's name with the start of its content hash (else uid), as user files are named, free in the target. */
function freeName(ctx: MergeContext, row: DatasetRow): string {
  const tag = row.content_hash ?? row.uid;
  for (let n = 8; ; n += 4) {
    const name = `${row.name}@${tag.slice(0, n)}`;
    const taken = ctx.db.prepare(`SELECT 1 FROM main.datasets WHERE game = ? AND name = ?`).get(row.game, name) as Row | undefined;
    if (!taken || n >= tag.length) return name;
  }
}

const instances: Copier = {
  name: 'instances',
  run(ctx) {
    const same = 't.dataset_id = m_dataset_id.dst AND t.subset = s.subset AND t.key = s.key';
    copyRows(ctx, { table: 'instances', refs: { dataset_id: 'datasets' }, exists: same });
    const pairs = `${ctx.src}.instances s JOIN ${ctx.map('datasets')} m_dataset_id ON m_dataset_id.src = s.dataset_id JOIN main.instances t ON ${same}`;
    ctx.provideMap('instances', `SELECT s.id, t.id FROM ${pairs}`);
    // Bundled data that changed between versions: no time says which is right, so both files keep the same one.
    settle(ctx, { table: 'instances', pairs, label: `t.subset || '/' || t.key`, columns: ['position', 'name', 'payload', 'tags'], rule: 'smaller', ident: 'rowid' });
  },
};

export const datasetCopiers: readonly Copier[] = [datasets, instances];
