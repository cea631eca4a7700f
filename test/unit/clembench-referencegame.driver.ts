/**
 * Drives the reference game without the runner: a fake KitPorts whose `call` asks a reply function,
 * and readers for the published clembench fixture episodes under test/fixtures/clembench-runs/v1.6.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EventRecord } from '../../electron/engine/core/events';
import { firstDraw, type InstanceInput, type InstanceRow, type ScoreResult } from '../../electron/engine/core/game';
import { testKit } from '../support/kit';
import type { ClemAction } from '../../electron/engine/games/clembench/adapter';
import { referenceGame } from '../../electron/engine/games/referencegame/game';
import type { ChatMessage } from '../../electron/engine/players/types';

export const FIXTURES = resolve(__dirname, '../fixtures/clembench-runs/v1.6');

export const rowOf = (input: InstanceInput, position = 0): InstanceRow => ({ ...input, id: position + 1, datasetId: 1, subset: 'all', position });

export interface Driven {
  events: EventRecord[];
  /** What each call was sent, in order. */
  sent: { seat: string; messages: ChatMessage[] }[];
  result: ScoreResult;
}

export async function drive(instance: InstanceRow, reply: (seat: string, messages: readonly ChatMessage[]) => string, settingsInput: unknown = {}, prior: readonly EventRecord[] = []): Promise<Driven> {
  const settings = referenceGame.settings.parse(settingsInput);
  const sent: Driven['sent'] = [];
  const kit = testKit({
    answer: (seat, messages) => {
      sent.push({ seat, messages: [...messages] });
      return reply(seat, messages);
    },
    prior,
    seed: 1,
  });
  const seats = referenceGame.seats(instance, settings, firstDraw(referenceGame)).map((s) => ({ ...s, player: 'scripted', human: false }));
  await referenceGame.play({ episode: { id: 1, repetition: 0, seed: 1 }, instance, datasetKind: 'referencegame', settings, seats, prior: [...prior], kit, signal: new AbortController().signal });
  return { events: kit.events, sent, result: referenceGame.score({ events: kit.events, instance, settings, seats }) };
}

export const readFixture = (rel: string): string => readFileSync(resolve(FIXTURES, rel), 'utf8');

/** scores.json with Python's NaN read as null. */
export function episodeScores(dir: string): Record<string, number | null> {
  const text = readFixture(`${dir}/scores.json`).replace(/\bNaN\b/g, 'null');
  return (JSON.parse(text) as { 'episode scores': Record<string, number | null> })['episode scores'];
}

export function turnsOf(dir: string): ClemAction[][] {
  return (JSON.parse(readFixture(`${dir}/interactions.json`)) as { turns: ClemAction[][] }).turns;
}

/** One clembench results row: `<game>, % Played` and `<game>, Quality Score` of a model pair. */
export function resultsRow(text: string, model: string, game: string): { played: number; quality: number } {
  const lines = text.trim().split('\n');
  const header = splitCsv(lines[0]!);
  const row = lines.map(splitCsv).find((cells) => cells[0] === model);
  if (!row) throw new Error(`no results row for ${model}`);
  const at = (name: string) => Number(row[header.indexOf(name)]);
  return { played: at(`${game}, % Played`), quality: at(`${game}, Quality Score`) };
}

function splitCsv(line: string): string[] {
  return [...line.matchAll(/("([^"]*)"|[^,]*)(,|$)/g)].map((m) => m[2] ?? m[1] ?? '').slice(0, -1);
}
