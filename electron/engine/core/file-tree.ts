/** Every file below a folder, its sub-folders walked in name order (the order readers and keys rely on). */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function filesBelow(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out.push(path);
    }
  };
  walk(root);
  return out;
}
