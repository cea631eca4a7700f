// What the CLI's build was made from: the newest modification time and the number of the source
// files under electron/ and shared/. bin/parlor compares it with the build's (dist/build.json) in a
// development checkout, so sources changed since the build run from the sources instead of a stale build.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function sourceStamp(root) {
  let newest = 0;
  let files = 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.(ts|mts|mjs|js|json)$/.test(entry.name)) {
        files += 1;
        newest = Math.max(newest, Math.floor(statSync(path).mtimeMs));
      }
    }
  };
  for (const top of ['electron', 'shared']) walk(join(root, top));
  newest = Math.max(newest, Math.floor(statSync(join(root, 'package.json')).mtimeMs));
  return `${newest}:${files}`;
}
