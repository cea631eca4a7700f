/**
 * "No game id is a default anywhere outside one named place": outside the game folders, no source file
 * of the engine, the doors, the shared contract or the app falls back to a game by its id; they take
 * DEFAULT_GAME from shared/contract/default-game.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { allGames } from '../../electron/engine/games/registry';
import { DEFAULT_GAME } from '../../shared/contract/default-game';

const root = fileURLToPath(new URL('../..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)));
}

describe('the default game', () => {
  it('is a registered game', () => {
    expect(allGames().map((g) => g.id)).toContain(DEFAULT_GAME);
  });

  it('is named in one place: no other source falls back to a game id', () => {
    const ids = allGames().map((g) => g.id).join('|');
    // `?? 'eda'`, `|| "eda"`, `.default('eda')`, `game: 'eda'` in a form's initial state, `… : 'eda')` ending a ternary.
    const fallback = new RegExp(`(\\?\\?|\\|\\||\\.default\\(|\\bgame:)\\s*['"\`](${ids})['"\`]|:\\s*['"\`](${ids})['"\`]\\s*\\)`);
    const gameFolder = (f: string) => /^(electron\/engine\/games|renderer\/src\/games)\/[^/]+\//.test(f);
    const offenders = [...sources('electron'), ...sources('shared'), ...sources('renderer/src')]
      .filter((f) => !gameFolder(f))
      .flatMap((f) => readFileSync(join(root, f), 'utf8').split('\n').flatMap((line, i) => (fallback.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])));
    expect(offenders).toEqual([]);
  });
});
