/**
 * The `probing` capability taken away from one game (EDA without `capabilities/probing.ts`): its probes
 * view refuses the game's runs in words, the app is told it has none (no button on its runs), the turn
 * kit still keeps and shows the probes the game asks while playing, and EDA itself is untouched. The
 * capability's check names what is wrong with a provision.
 */
import { nothingElse } from '../support/provisions';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GameInfo, RunDetail } from '../../shared/api/contract';
import { probingCheck } from '../../electron/engine/capabilities/probing/provision';
import { probesCommand } from '../../electron/cli/capabilities/probing';
import { provide } from '../../electron/engine/core/capability';
import { gameById, registerGame } from '../../electron/engine/games/registry';
import { probesShown } from '../../renderer/src/capabilities/probing/shown';
import { edaWithoutFixture, type EdaWithout } from '../support/eda-without';

let db: string;
let bare: string;
let withProbes: number;
let without: number;
let reply: EdaWithout['reply'];
let call: EdaWithout['call'];

beforeAll(async () => {
  ({ db, bare, own: withProbes, without, reply, call } = await edaWithoutFixture('probing'));
});

describe('a game without the probing capability', () => {
  it('is told to the app as having no probing, and keeps its other capabilities', async () => {
    const games = await call('games.list', {});
    const info = (id: string) => games.find((g) => g.id === id)!;
    expect(info('eda').probing).toEqual({ seat: 'guesser', kind: 'top5', size: 5 });
    expect(info(bare).probing).toBeNull();
    expect(info(bare).lastMove).toEqual(info('eda').lastMove);
    expect(info(bare).failureModes).toEqual(info('eda').failureModes);
    expect(info(bare).training).toEqual(info('eda').training);
    expect(games.filter((g) => g.id !== bare && g.id !== 'eda').every((g) => g.probing === null)).toBe(true);
  });

  it('refuses its runs in the probes view, the API and the CLI alike, while EDA still reads its own', async () => {
    const refused = await reply('probes.view', { runIds: [without] });
    expect(refused).toMatchObject({ ok: false, error: { code: 'bad_request', message: `Run ${without} plays EDA, which offers no dialogue-state probes.` } });
    expect(() => probesCommand(String(without), { db })).toThrow(/offers no dialogue-state probes/);
    const view = await call('probes.view', { runIds: [withProbes] });
    expect(view.counts.probes).toBeGreaterThan(0);
    expect(view.episodes.every((e) => e.rounds.length > 0)).toBe(true);
  });

  it('still has the probes its game master asked stored by the turn kit and shown on transcripts', async () => {
    const detail = await call('runs.get', { runId: without });
    expect(detail.probes).toBeGreaterThan(0);
    const [episode] = await call('episodes.list', { runId: without });
    const transcript = await call('episodes.transcript', { episodeId: episode!.id });
    expect(transcript.probes?.length).toBeGreaterThan(0);
  });

  it('shows no probes button on its run page, and EDA still shows its own', async () => {
    const games = await call('games.list', {});
    const button = (game: GameInfo | undefined, run: RunDetail) => probesShown({ run, game });
    expect(button(games.find((g) => g.id === bare), await call('runs.get', { runId: without }))).toBe(false);
    expect(button(games.find((g) => g.id === 'eda'), await call('runs.get', { runId: withProbes }))).toBe(true);
  });
});

describe('the probing check', () => {
  it("names each problem of a game's provision, and keeps a game with one out", () => {
    const eda = gameById('eda');
    const bad = { seat: '', kind: '', size: 0, enabled: 'yes', rounds: null } as never;
    expect(probingCheck.problems(bad, eda, nothingElse)).toEqual([
      'seat must name the seat probed',
      'kind must name what a probe asks (EDA: top5)',
      'size must be a whole number of items, at least 1 (not 0)',
      "enabled must be a function of the run's settings",
      "rounds must be a function of an episode's events and probes",
    ]);
    const broken = { ...eda, id: 'eda_bad_probing' };
    expect(() => registerGame(broken, [provide(broken, 'probing', bad)])).toThrow(/probing: size must be a whole number/);
  });
});
