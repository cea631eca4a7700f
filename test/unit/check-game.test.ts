import { describe, expect, it } from 'vitest';
import { gameProblems } from '../../electron/engine/core/check-game';
import type { Game } from '../../electron/engine/core/game';
import { edaGame } from '../../electron/engine/games/eda/game';
import { registerGame } from '../../electron/engine/games/registry';
import { toyGame } from '../fixtures/toy-game/game';

const toy = toyGame as unknown as Game<unknown>;
const variant = (change: (g: Game<unknown>) => Partial<Game<unknown>>): Game<unknown> => ({ ...toy, ...change(toy) }) as Game<unknown>;

describe('the core checks what a game says about itself when it is registered', () => {
  it('finds nothing wrong with EDA or the toy game', () => {
    expect(gameProblems(edaGame as unknown as Game<unknown>)).toEqual([]);
    expect(gameProblems(toy)).toEqual([]);
  });

  it('names each slip: ids, roles, metrics the views refer to, annotation keys', () => {
    expect(gameProblems(variant(() => ({ id: 'Toy Game' })))).toEqual(['id "Toy Game" must be lowercase letters, digits, dashes and underscores, starting with a letter']);
    expect(gameProblems(variant((g) => ({ roles: [...g.roles, g.roles[0]!] })))).toEqual(['role "seer" is declared twice']);
    expect(gameProblems(variant((g) => ({ roles: g.roles.map((r) => ({ ...r, subject: false })) })))).toEqual(['no role is marked subject, so leaderboards would have no rows']);
    expect(gameProblems(variant((g) => ({ view: { ...g.view, sortBy: 'acuracy' } })))).toEqual(['view.sortBy names "acuracy", which is not one of its metrics (played, accuracy, faithful)']);
    expect(gameProblems(variant((g) => ({ view: { ...g.view, difficulty: { metric: 'accuracy', solved: 'won' } } })))).toEqual(['view.difficulty.solved names "won", which is not one of its metrics (played, accuracy, faithful)']);
    expect(gameProblems(variant((g) => ({ view: { ...g.view, sortBy: 'faithful' } })))).toEqual(['view.sortBy names "faithful", a seat metric: it needs one value per episode (or seats as rows: a subject role several models fill)']);
    expect(gameProblems(variant((g) => ({ aggregates: [{ ...g.aggregates![0]!, key: 'played' }] })))).toEqual(['metric or aggregate "played" is declared twice']);
    const keyed = (key: string) =>
      variant((g) => ({ annotation: { ...g.annotation!, info: { ...g.annotation!.info, labels: [{ id: 'faithful', label: 'Faithful', key: 'f' }, { id: 'unfaithful', label: 'Unfaithful', key }] } } }));
    expect(gameProblems(keyed('u'))).toEqual(['annotation label "unfaithful" has key "u", which the annotation page keeps for itself (a q s u c t h ? l g)']);
    expect(gameProblems(keyed('f'))).toEqual(['annotation key "f" is given to two labels']);
    expect(gameProblems(keyed('Enter'))).toEqual(['annotation label "unfaithful" has key "Enter": a key is one lowercase letter or digit']);
    expect(gameProblems(variant((g) => ({ annotation: { ...g.annotation!, target: { ...g.annotation!.target, role: 'judge' } } })))).toEqual(['annotation.target.role "judge" is not one of its roles']);
  });

  it('refuses to register a game with problems, listing them all', () => {
    expect(() => registerGame(variant((g) => ({ id: 'broken-toy', view: { ...g.view, sortBy: 'x', heatmapMetrics: ['y'] } })))).toThrow(
      'The game "broken-toy" cannot be registered:\n  - view.heatmapMetrics names "y", which is not one of its metrics (played, accuracy, faithful)\n  - view.sortBy names "x", which is not one of its metrics (played, accuracy, faithful)',
    );
  });
});
