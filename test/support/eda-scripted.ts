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

/** The guesser's top 5 when probed before turn t (index t − 1; the last repeats): turn 1 eliminates all five. */
export const SCRIPTED_TOP5 = [
  ['Computer', 'Book', 'Car', 'House', 'Phone'],
  ['Hammer', 'Chair', 'Piano', 'Lamp', 'Cup'],
  ['Piano', 'Violin', 'Guitar', 'Drum', 'Flute'],
];

export function scriptedEdaFactory() {
  const script = ['Is it man-made?', 'Is it used for music?'];
  const guesser = new ScriptedModel('script', (r) => {
    const asked = r.messages.filter((m) => m.role === 'assistant').length;
    const last = r.messages.at(-1)!;
    if (last.role === 'assistant') return SCRIPTED_TOP5[Math.min(asked - 1, 2)]!.map((c, i) => `${i + 1}. ${c}`).join('\n'); // a probe
    return script[asked] ?? 'Is it a guitar?';
  });
  const judge = new ScriptedModel('yes', () => 'Yes.');
  return (c: { model: string }) => (c.model === 'script' ? guesser : judge);
}

export const SCRIPTED_PLAYERS = { guesser: { provider: 'scripted' as const, model: 'script' }, judge: { provider: 'scripted' as const, model: 'yes' } };

/** Plays the instruments (subset `train`) `repetitions` times; returns the run id. */
export async function playScriptedEda(store: Store, dir: string, repetitions = 2, settings?: Record<string, unknown>): Promise<number> {
  const file = join(dir, 'instruments.txt');
  writeFileSync(file, `${INSTRUMENTS.join('\n')}\n`);
  const createModel = scriptedEdaFactory();
  const { runId } = await prepareRun(store, { dataset: { name: 'instruments', file, kind: 'things', subset: 'train' }, repetitions, seed: 8, preflight: false, players: SCRIPTED_PLAYERS, ...(settings ? { settings } : {}) }, { createModel });
  await executeRun(store, runId, { createModel });
  return runId;
}
