/**
 * An EDA run played by scripted players on a small file of instruments: the guesser always ends on
 * "guitar" (won at turn 3 on Guitar, lost at turn 20 on the others) and the judge always says Yes, so
 * every reward and score can be worked out by hand.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import type { Store } from '../../electron/engine/store/store';

export const INSTRUMENTS = ['Guitar', 'Piano', 'Violin'];

export function scriptedEdaFactory() {
  const script = ['Is it man-made?', 'Is it used for music?'];
  const guesser = new ScriptedModel('script', (r) => script[r.messages.filter((m) => m.role === 'assistant').length] ?? 'Is it a guitar?');
  const judge = new ScriptedModel('yes', () => 'Yes.');
  return (c: { model: string }) => (c.model === 'script' ? guesser : judge);
}

export const SCRIPTED_PLAYERS = { guesser: { provider: 'scripted' as const, model: 'script' }, judge: { provider: 'scripted' as const, model: 'yes' } };

/** Plays the instruments (subset `train`) `repetitions` times; returns the run id. */
export async function playScriptedEda(store: Store, dir: string, repetitions = 2): Promise<number> {
  const file = join(dir, 'instruments.txt');
  writeFileSync(file, `${INSTRUMENTS.join('\n')}\n`);
  const createModel = scriptedEdaFactory();
  const { runId } = await prepareRun(store, { dataset: { name: 'instruments', file, kind: 'things', subset: 'train' }, repetitions, seed: 8, preflight: false, players: SCRIPTED_PLAYERS }, { createModel });
  await executeRun(store, runId, { createModel });
  return runId;
}
