/**
 * `parlor run --seat role=provider:model` for every game, `parlor run --game <id> --help` in that
 * game's words only, and the errors a seat can be refused with. Runs are separate processes on real
 * database files (built-in players, the loopback mock for EDA); help is also built in process for
 * every game, so each game's help is checked against every other game's roles.
 */
import { capabilityOf } from '../../electron/engine/core/capability';
import { Command } from 'commander';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromFlags } from '../../electron/cli/commands/run';
import { addRunCommand } from '../../electron/cli/run-command';
import { flatSettings } from '../../electron/cli/run-help';
import { roleFlag } from '../../electron/cli/seats';
import type { Game } from '../../electron/engine/core/game';
import { allGames } from '../../electron/engine/games/registry';
import { Store } from '../../electron/engine/store/store';
import { DEFAULT_GAME } from '../../shared/contract/default-game';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { parlor, type CliResult } from '../support/cli';
import { tempDir } from '../support/tmp';
import { presetsOf } from '../../electron/engine/capabilities/presets/provision';
import { ownFixedSubsets } from '../../electron/engine/capabilities/fixed-subsets/provision';

const IMAGES = join(import.meta.dirname, '../fixtures/user-images');

let mock: MockProvider;
beforeAll(async () => {
  mock = await startMockProvider();
});
afterAll(() => mock.close());

/** `--seat` for every role: the game's built-in player where it has one, else the mock's model at the mock's URL (a seat option). */
function seatsOf(game: Game<unknown>): string[] {
  const builtins = Object.keys(capabilityOf(game, 'builtins') ?? {});
  return game.roles.flatMap((r) => ['--seat', builtins.includes(r.id) ? `${r.id}=builtin:reference` : `${r.id}=mock-${r.id},base-url=${mock.openaiBaseUrl}`]);
}

/** `run --help` as built for these arguments, in process (the same command main.ts adds). */
function runHelp(args: string[]): string {
  const program = new Command('parlor').exitOverride();
  addRunCommand(program, args, async () => {});
  const run = program.commands.find((c) => c.name() === 'run')!;
  let out = '';
  run.configureOutput({ writeOut: (s) => (out += s), writeErr: (s) => (out += s) });
  run.outputHelp();
  return out;
}

/** Runs `tasks` two at a time: the machine's cores are shared. */
async function inPairs<T>(tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = [];
  for (let i = 0; i < tasks.length; i += 2) results.push(...(await Promise.all(tasks.slice(i, i + 2).map((t) => t()))));
  return results;
}

const storedPlayers = (db: string) => {
  const store = Store.open(db);
  try {
    return (store.runs.all()[0]?.config as { players: Record<string, unknown> } | undefined)?.players;
  } finally {
    store.close();
  }
};

describe('parlor run --seat', () => {
  it('plays every game with a --seat for each of its roles, and stores those models in those seats', async () => {
    const games = allGames();
    const played = await inPairs(
      games.map((game) => async () => {
        const db = join(tempDir(), 'p.db');
        const args = ['run', '--game', game.id, ...seatsOf(game), '--limit', '1', '-r', '1', '--seed', '1', '--no-preflight'];
        const result = await parlor(db, capabilityOf(game, 'images') ? [...args, '--images', IMAGES, '--skip-missing-images'] : args);
        return { game, db, result };
      }),
    );
    for (const { game, db, result } of played) {
      // A multimodal game whose fixture folder lacks every image of it is refused after its seats were read.
      if (capabilityOf(game, 'images') && /images are missing \(no episode was played\)/.test(result.stderr)) {
        expect(result.code, game.id).toBe(2);
        continue;
      }
      expect(result.stderr, game.id).toMatch(/run 1 done: \d+ done, 0 errors/);
      expect(result.code, game.id).toBe(0);
      const players = storedPlayers(db)!;
      expect(Object.keys(players).sort(), game.id).toEqual(game.roles.map((r) => r.id).sort());
      const builtins = Object.keys(capabilityOf(game, 'builtins') ?? {});
      for (const role of game.roles) {
        const expected = builtins.includes(role.id) ? { provider: 'builtin', model: 'reference' } : { provider: 'openai', model: `mock-${role.id}`, baseUrl: mock.openaiBaseUrl };
        expect(players[role.id], `${game.id} ${role.id}`).toMatchObject(expected);
      }
    }
    // At least every text game played for real.
    expect(played.filter((p) => p.result.code === 0).length).toBeGreaterThanOrEqual(games.filter((g) => !capabilityOf(g, 'images')).length);
  }, 240_000);

  it('seats a list in a role several models fill, by a list or the flag again, each model with the options of its flag', async () => {
    const db = join(tempDir(), 'p.db');
    const repeated = await parlor(db, ['run', '--game', 'age', '--seat', 'player=builtin:reference-a,builtin:reference-b', '--seat', 'player=builtin:reference-c,rpm=60', '--limit', '1', '-r', '1', '--seed', '2']);
    expect(repeated.code).toBe(0);
    const players = storedPlayers(db)!.player as Record<string, unknown>[];
    expect(players.map((p) => p.model)).toEqual(['reference-a', 'reference-b', 'reference-c']);
    expect(players.map((p) => p.rpm)).toEqual([undefined, undefined, 60]);
  }, 60_000);

  it('keeps the older --<role> flags of the chosen game, and a config file or a preset chooses the game whose flags they are', () => {
    expect(configFromFlags({ guesser: 'builtin:reference', judge: 'openai:j', judgeKeyEnv: 'J_KEY' }).players).toMatchObject({ guesser: { provider: 'builtin' }, judge: { model: 'j', apiKeyEnv: 'J_KEY' } });
    expect(configFromFlags({ game: 'age', player: 'builtin:a,builtin:b' }).players).toMatchObject({ player: [{ model: 'a' }, { model: 'b' }] });
    const config = join(tempDir(), 'age.json');
    writeFileSync(config, JSON.stringify({ game: 'age', players: { player: { provider: 'builtin', model: 'reference', timeoutMs: 5000 } } }));
    // One model over the file's keeps the file's other fields; a seat's option wins over --base-url.
    expect(configFromFlags({ config, seat: ['player=openai:m,base-url=http://127.0.0.1:9/v1'], baseUrl: 'http://127.0.0.1:8/v1' }).players).toEqual({
      player: { provider: 'openai', model: 'm', timeoutMs: 5000, baseUrl: 'http://127.0.0.1:9/v1' },
    });
    expect(runHelp(['--db', 'x.db', 'run', '-c', config, '--help'])).toMatch(/^AGE: Who Is Spy/m);
    expect(runHelp(['run', '--preset', 'age-4.1'])).toMatch(/^Older role flags[\s\S]*--player <model>/m);
  });

  it.each([
    ['an unknown role', ['--seat', 'spy=openai:x'], /--seat spy=openai:x: EDA has no role "spy" \(its roles: guesser, judge; see parlor run --game eda --help\)/],
    ['a missing seat', ['--seat', 'guesser=openai:x'], /Say which model plays the judge of EDA: --seat judge=provider:model/],
    ['every missing seat at once', ['--game', 'simulbench_make'], /Say which model plays the simulator and the user_agent and the judge of SimulBench scripts/],
    ['a seat without =', ['--seat', 'guesser'], /--seat takes role=provider:model \(e\.g\. --seat <role>=openai:gpt-4o\), not "guesser"/],
    ['a seat without a model', ['--seat', 'guesser=', '--seat', 'judge=openai:j'], /--seat guesser=: say which model plays the guesser/],
    ['a seat with options only', ['--seat', 'guesser=base-url=http://x'], /--seat guesser=base-url=http:\/\/x: say which model plays the guesser/],
    ['an unknown seat option', ['--seat', 'guesser=openai:g,temperature=1'], /unknown option "temperature" \(a seat takes base-url, key-env, image-input, rpm, tpm\)/],
    ['a bad image input', ['--seat', 'guesser=openai:g,image-input=two'], /image-input is many, one or none, not "two"/],
    ['a bad rate', ['--seat', 'guesser=openai:g,rpm=fast'], /rpm must be a positive number, not "fast"/],
    ['an empty part', ['--seat', 'guesser=openai:g,,base-url=http://x'], /an empty model or option between commas/],
    ['an unknown provider', ['--seat', 'guesser=cohere:command'], /Unknown provider "cohere"/],
    ['a single role given twice', ['--seat', 'guesser=openai:a', '--seat', 'guesser=openai:b'], /--seat guesser=openai:b: the guesser is given twice; one model plays the guesser of EDA/],
    ['a single role given a list', ['--seat', 'guesser=openai:a,openai:b'], /one model plays the guesser of EDA, not a list/],
    ['a role given by --seat and its older flag', ['--guesser', 'openai:a', '--seat', 'guesser=openai:b'], /The guesser is given twice: --guesser openai:a and --seat guesser=…; give one/],
    ['a preset of another game', ['--game', 'eda', '--preset', 'age-4.1'], /The preset "age-4.1" is a run of age, not of eda/],
  ])('refuses %s in one line (configFromFlags)', (_what, args, message) => {
    const flags: Record<string, unknown> = {};
    for (let i = 0; i < args.length; i += 2) {
      const key = args[i]!.replace(/^--/, '').replace(/-(\w)/g, (_m, c: string) => c.toUpperCase());
      flags[key] = key === 'seat' ? [...((flags.seat as string[]) ?? []), args[i + 1]!] : args[i + 1];
    }
    expect(() => configFromFlags(flags)).toThrow(message);
  });

  it.each<[string, string[], RegExp]>([
    ['a malformed seat', ['run', '--seat', 'judge'], /^parlor: --seat takes role=provider:model/m],
    ['an unknown role', ['run', '--game', 'age', '--seat', 'judge=openai:j'], /^parlor: --seat judge=openai:j: AGE has no role "judge" \(its roles: player; see parlor run --game age --help\)/m],
    ['another game\'s role flag', ['run', '--game', 'age', '--judge', 'openai:j'], /^parlor: --judge: AGE \(--game age\) has no role "judge"; its seats: --seat player=provider:model\./m],
    ['a role flag of no chosen game', ['run', '--player', 'builtin:reference'], /^parlor: --player: EDA \(--game eda\) has no role "player"; its seats: --seat guesser=provider:model --seat judge=provider:model\./m],
    ['an unknown game', ['run', '--game', 'chess', '--guesser', 'x'], /^parlor: Unknown game "chess"\. Parlor plays: eda, /m],
    ['a missing seat', ['run', '--game', 'matchit_ascii', '--seat', 'player_a=builtin:reference'], /^parlor: Say which model plays the player_b of MatchIt: --seat player_b=provider:model/m],
  ])('exits 2 on %s with one line naming the fix', async (_what, args, message) => {
    const results: CliResult = await parlor(join(tempDir(), 'p.db'), args);
    expect(results.stderr).toMatch(message);
    expect(results.stderr.trim().split('\n')).toHaveLength(1);
    expect(results.code).toBe(2);
  });
});

describe('parlor export by role', () => {
  it("refuses a filter by a role the view's game does not have, rather than exporting every run", async () => {
    const db = join(tempDir(), 'p.db');
    Store.open(db).close();
    const result = await parlor(db, ['export', 'leaderboard', '--game', 'age', '--judge', 'openai:j']);
    expect(result.stderr).toMatch(/^parlor: AGE has no --judge to filter runs by \(it filters runs by no role\); --game picks the game\.$/m);
    expect(result.code).toBe(2);
  });
});

describe('parlor run --help', () => {
  it('without a game lists the games and how to ask about one, and describes no role', async () => {
    const help = await parlor(join(tempDir(), 'p.db'), ['run', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain(`Games (--game <id>; without it the run plays ${DEFAULT_GAME}):`);
    for (const game of allGames()) expect(help.stdout).toMatch(new RegExp(`^  ${game.id} +\\S`, 'm'));
    expect(help.stdout).toContain("A game's roles, settings, datasets, experiments and presets: parlor run --game <id> --help");
    for (const role of new Set(allGames().flatMap((g) => g.roles.map((r) => roleFlag(r.id))))) {
      expect(help.stdout).not.toContain(`--${role} `);
      expect(help.stdout).not.toContain(`--${role}-`);
    }
    // Game titles may say "judge"; no role is listed or given a flag.
    expect(help.stdout).not.toContain('Roles (');
    expect(help.stdout).not.toMatch(/--seat (?!role=)[a-z_]+=/);
  });

  it('with --game lists that game\'s roles, settings with defaults, datasets, experiments and presets (a process)', async () => {
    const help = await parlor(join(tempDir(), 'p.db'), ['run', '--game', 'age', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^ {2}player +Player \(1 to 12 models, one per seat: --seat player=a,b or the flag once per model; one model alone fills every seat; leaderboard rows are its players; built-in player: builtin:reference\)$/m);
    expect(help.stdout).toMatch(/^ {2}rounds +5$/m);
    expect(help.stdout).toMatch(/^ {2}groups +\[2,2\]$/m);
    expect(help.stdout).toMatch(/^ {4}subsets: A \(45\), business \(49\),.* all\* \(531\)$/m);
    expect(help.stdout).toMatch(/^ {2}age-4\.1: AGE §4\.1: four models on List A \(age\/A, 22 repetitions\)$/m);
    expect(help.stdout).toContain('parlor run --game age --seat player=builtin:reference --limit 2');
    // Nothing of the games that have a judge or a guesser.
    expect(help.stdout).not.toMatch(/judge|guesser/i);
  });

  it.each(allGames().map((g) => [g.id, g] as const))('for %s names its own roles, settings, datasets, experiments and presets, and no role of another game', (_id, game) => {
    const help = runHelp(['run', '--game', game.id, '--help']);
    for (const role of game.roles) expect(help).toMatch(new RegExp(`^  ${role.id} +${role.label.replace(/[()]/g, '\\$&')}`, 'm'));
    for (const [key] of flatSettings(game.settings.parse({}))) expect(help).toMatch(new RegExp(`^  ${key.replace(/\./g, '\\.')} +\\S`, 'm'));
    for (const d of game.datasets.bundled()) expect(help).toContain(`  ${d.name}: ${d.title}`);
    for (const p of presetsOf(game)) expect(help).toContain(`  ${p.id}: ${p.title}`);
    for (const f of ownFixedSubsets(game)) expect(help).toMatch(new RegExp(`^  ${f.name} +${f.size} of`, 'm'));
    const own = new Set(game.roles.map((r) => r.id));
    for (const other of allGames()) {
      for (const role of other.roles.filter((r) => !own.has(r.id) && ![...own].some((id) => roleFlag(id).startsWith(roleFlag(r.id))))) {
        expect(help, `${game.id} help names ${other.id}'s ${role.id}`).not.toContain(`--${roleFlag(role.id)} `);
        expect(help).not.toContain(`--${roleFlag(role.id)}-`);
        expect(help).not.toContain(`--seat ${role.id}=`);
        expect(help).not.toMatch(new RegExp(`^  ${role.id} `, 'm'));
      }
    }
  });

  it('lists a clembench game\'s experiments and an EDA fixed subset', () => {
    expect(runHelp(['run', '--game', 'matchit_ascii', '--help'])).toMatch(/^ {4}experiments \(--experiments a,b\): same_grid, similar_grid_1, similar_grid_2, different_grid$/m);
    expect(runHelp(['run', '--game', 'eda', '--help'])).toMatch(/^ {2}things-30 +30 of things\/test, seed 30/m);
  });
});
