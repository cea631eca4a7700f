/** `db.merge`: `parlor merge` for the app, into the database the service has open. */
import { UserError } from '../errors';
import { mergeDatabases } from '../merge/merge';
import type { Store } from '../store/store';
import type { HandlerRegistry } from '../rpc/registry';

export function registerMerge(registry: HandlerRegistry, store: Store, changed: () => void): void {
  registry.handle('db.merge', ({ files }) => {
    if (store.readOnly) throw new UserError(`${store.path} is open read-only here: nothing can be merged into it.`);
    // Its own connection and one write transaction; this store's connection sees the rows once it commits.
    const report = mergeDatabases(store.path, files);
    changed();
    return report;
  });
}
