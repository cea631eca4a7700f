import { describe, expect, it } from 'vitest';
import { gameProblems } from '../../electron/engine/core/check-game';
import type { Game } from '../../electron/engine/core/game';
import { edaGame } from '../../electron/engine/games/eda/game';
import { registerGame } from '../../electron/engine/games/registry';
import { toyGame } from '../fixtures/toy-game/game';
import { registerFixtureGame } from '../support/fixture-games';
import { aggregatesCheck, aggregatesOf } from '../../electron/engine/capabilities/aggregates/provision';
import { annotationCheck, annotationOf } from '../../electron/engine/capabilities/annotation/provision';

const toy = toyGame as unknown as Game<unknown>;
await registerFixtureGame('toy-game');
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
  });

  it("checks a game's aggregates and annotation as their capabilities' provisions", () => {
    const none = () => undefined;
    const aggregates = aggregatesOf(toy);
    expect(aggregatesCheck.problems(aggregates, toy, none)).toEqual([]);
    expect(aggregatesCheck.problems([{ ...aggregates[0]!, key: 'played' }], toy, none)).toEqual(['metric or aggregate "played" is declared twice']);
    const hooks = annotationOf(toy)!;
    expect(annotationCheck.problems(hooks, toy, none)).toEqual([]);
    const keyed = (key: string) => annotationCheck.problems({ ...hooks, info: { ...hooks.info, labels: [{ id: 'faithful', label: 'Faithful', key: 'f' }, { id: 'unfaithful', label: 'Unfaithful', key }] } }, toy, none);
    expect(keyed('u')).toEqual(['annotation label "unfaithful" has key "u", which the annotation page keeps for itself (a q s u c t h ? l g)']);
    expect(keyed('f')).toEqual(['annotation key "f" is given to two labels']);
    expect(keyed('Enter')).toEqual(['annotation label "unfaithful" has key "Enter": a key is one lowercase letter or digit']);
    expect(annotationCheck.problems({ ...hooks, target: { ...hooks.target, role: 'judge' } }, toy, none)).toEqual(['annotation.target.role "judge" is not one of its roles']);
  });

  it('refuses to register a game with problems, listing them all', () => {
    expect(() => registerGame(variant((g) => ({ id: 'broken-toy', view: { ...g.view, sortBy: 'x', heatmapMetrics: ['y'] } })))).toThrow(
      'The game "broken-toy" cannot be registered:\n  - view.heatmapMetrics names "y", which is not one of its metrics (played, accuracy, faithful)\n  - view.sortBy names "x", which is not one of its metrics (played, accuracy, faithful)',
    );
  });
});
