/**
 * Finds what one game folder holds: `game.ts`, whose default export is its game (or its games, for a
 * family such as clembench's map variants), and `capabilities/<key>.ts`, one provision per file. Each
 * file is imported on its own, so a folder that fails to load is reported with its reason and the
 * other folders keep working.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CapabilityCheck, CapabilityKey, Provision, Provisions } from '../core/capability';
import type { Game } from '../core/game';
import type { BrokenGame } from '../core/catalog';

export type { BrokenGame };


export interface LoadedFolder {
  /** Each game the folder defines, with its provisions and the problems its files have (checks of the game itself come later). */
  games: { game: Game<unknown>; provisions: Provision[]; problems: string[] }[];
  /** A folder that defines no game it could load. */
  broken: BrokenGame[];
}

const SOURCE = /\.(ts|mts|js|mjs)$/;

function isGame(value: unknown): value is Game<unknown> {
  const g = value as Partial<Game<unknown>> | null;
  return typeof g === 'object' && g !== null && typeof g.id === 'string' && typeof g.play === 'function' && Array.isArray(g.roles);
}

function isProvision(value: unknown): value is Provision {
  const p = value as Partial<Provision> | null;
  return typeof p === 'object' && p !== null && typeof p.game === 'string' && typeof p.capability === 'string' && 'value' in p;
}

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0]!;
}

/** The file of that name with whichever source extension the folder uses (`.ts` here, `.js` when built). */
function sourceFile(folder: string, name: string): string | null {
  for (const ext of ['.ts', '.mts', '.js', '.mjs']) if (existsSync(join(folder, name + ext))) return join(folder, name + ext);
  return null;
}

async function defaultExport(file: string): Promise<unknown> {
  const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
  return module.default;
}

export async function loadGameFolder(folder: string, label: string): Promise<LoadedFolder> {
  const file = sourceFile(folder, 'game');
  if (!file) return { games: [], broken: [{ folder: label, problems: [`no game.ts in ${folder}`] }] };
  let exported: unknown;
  try {
    exported = await defaultExport(file);
  } catch (error) {
    return { games: [], broken: [{ folder: label, problems: [`game.ts failed to load: ${firstLine(error)}`] }] };
  }
  const list = Array.isArray(exported) ? exported : [exported];
  if (list.length === 0 || !list.every(isGame)) return { games: [], broken: [{ folder: label, problems: ['game.ts must export a game (or a list of games) as its default export'] }] };

  const provisions = new Map<string, Provision[]>(list.map((g) => [g.id, []]));
  const problems = new Map<string, string[]>(list.map((g) => [g.id, []]));
  const everyGame = (text: string) => list.forEach((g) => problems.get(g.id)!.push(text));
  const dir = join(folder, 'capabilities');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => SOURCE.test(f) && !f.endsWith('.d.ts')).sort() : [];
  for (const name of files) {
    let value: unknown;
    try {
      value = await defaultExport(join(dir, name));
    } catch (error) {
      everyGame(`capabilities/${name} failed to load: ${firstLine(error)}`);
      continue;
    }
    const offered = Array.isArray(value) ? value : [value];
    for (const p of offered) {
      if (!isProvision(p)) everyGame(`capabilities/${name} must export provide(game, capability, …) (or a list of them) as its default export`);
      else if (!provisions.has(p.game)) everyGame(`capabilities/${name} provides "${p.capability}" for the game "${p.game}", which this folder does not define`);
      else if (p.capability !== name.replace(SOURCE, '')) problems.get(p.game)!.push(`capabilities/${name} provides "${p.capability}": a file provides the capability it is named after`);
      else provisions.get(p.game)!.push(p);
    }
  }
  return { games: list.map((game) => ({ game, provisions: provisions.get(game.id)!, problems: problems.get(game.id)! })), broken: [] };
}

/**
 * What `Game`'s types promise but a folder imported at run time may not keep: the compiler never sees a
 * user's folder (PARLOR_GAMES, perhaps plain JavaScript), and `isGame` only tells a game from other
 * exports. A typed game (a bundled folder, a test's `registerGame`) cannot fail these.
 */
export function untypedGameProblems(game: Game<unknown>): string[] {
  const metrics: readonly { key: string; kind: string; range?: unknown }[] = Array.isArray(game.metrics) ? game.metrics : [];
  // Intervals are clipped to a mean's range and, when every value was equal, reach towards its ends.
  return metrics.filter((m) => m.kind === 'mean' && !Array.isArray(m.range)).map((m) => `metric "${m.key}" is a mean without a range: declare [min, max] so its intervals stay within it`);
}

/** A game's provisions against the capabilities Parlor has: each known and sound. */
export function gameFolderProblems(game: Game<unknown>, provisions: readonly Provision[], checks: readonly CapabilityCheck[]): string[] {
  const problems: string[] = [];
  // A capability may build on another the same game provides (a sample run on its built-in players).
  const provided = <K extends CapabilityKey>(key: K) => provisions.find((o) => o.capability === key)?.value as Provisions[K] | undefined;
  for (const p of provisions) {
    const check = checks.find((c) => c.key === p.capability);
    if (!check) problems.push(`it provides "${p.capability}", which is not a capability Parlor has (${checks.map((c) => c.key).join(', ')})`);
    else problems.push(...check.problems(p.value, game, provided).map((text) => `${p.capability}: ${text}`));
  }
  const keys = provisions.map((p) => p.capability);
  for (const key of keys.filter((k, i) => keys.indexOf(k) !== i)) problems.push(`it provides "${key}" twice`);
  return problems;
}
