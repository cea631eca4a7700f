import Database from 'better-sqlite3';

/** Every table's rows of a database file, read through a second connection: equal snapshots mean nothing was written. */
export function storeSnapshot(path: string): Record<string, unknown[]> {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[];
    return Object.fromEntries(tables.map(({ name }) => [name, db.prepare(`SELECT * FROM "${name.replace(/"/g, '""')}"`).all()]));
  } finally {
    db.close();
  }
}
