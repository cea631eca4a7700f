/**
 * Drives the multimodal reference game without the runner: a fake KitPorts whose `call` asks a reply
 * function and whose `image` hands out `media:<sha256 of the name>` parts, and readers for the
 * published clembench fixture episodes under test/fixtures/clembench-runs/v1.6_multimodal.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { EventRecord } from '../../electron/engine/core/events';
import { firstDraw, type InstanceInput, type InstanceRow, type ScoreResult } from '../../electron/engine/core/game';
import { testKit } from '../support/kit';
import type { ClemAction } from '../../electron/engine/games/clembench/adapter';
import { multimodalReferenceGame as game } from '../../electron/engine/games/multimodal_referencegame/game';
import type { ChatMessage } from '../../electron/engine/players/types';
import { episodeScores as textEpisodeScores, turnsOf as textTurnsOf } from './clembench-referencegame.driver';
import { provided } from '../support/provisions';

export const FIXTURES = resolve(__dirname, '../fixtures/clembench-runs/v1.6_multimodal');

export const sha256hex = (text: string) => createHash('sha256').update(text).digest('hex');

export const rowOf = (input: InstanceInput, position = 0): InstanceRow => ({ ...input, id: position + 1, datasetId: 1, subset: 'all', position });

export interface Driven {
  events: EventRecord[];
  /** What each call was sent, in order. */
  sent: { seat: string; messages: ChatMessage[] }[];
  result: ScoreResult;
}

export async function drive(instance: InstanceRow, reply: (seat: string, messages: readonly ChatMessage[]) => string, settingsInput: unknown = {}): Promise<Driven> {
  const settings = game.settings.parse(settingsInput);
  const sent: Driven['sent'] = [];
  const named = new Set(provided(game, 'images').of(instance, settings));
  const kit = testKit({
    answer: (seat, messages) => {
      sent.push({ seat, messages: [...messages] });
      return reply(seat, messages);
    },
    images: named,
    seed: 1,
  });
  const seats = game.seats(instance, settings, firstDraw(game)).map((s) => ({ ...s, player: 'scripted', human: false }));
  await game.play({ episode: { id: 1, repetition: 0, seed: 1 }, instance, datasetKind: 'multimodal_referencegame', settings, seats, prior: [], kit, signal: new AbortController().signal });
  return { events: kit.events, sent, result: game.score({ events: kit.events, instance, settings, seats }) };
}

export const readFixture = (rel: string): string => readFileSync(resolve(FIXTURES, rel), 'utf8');

// The text game's readers, pointed from its v1.6 folder to v1.6_multimodal.
const here = (dir: string) => `../v1.6_multimodal/${dir}`;

/** scores.json's episode scores with Python's NaN read as null. */
export const episodeScores = (dir: string): Record<string, number | null> => textEpisodeScores(here(dir));

export const turnsOf = (dir: string): ClemAction[][] => textTurnsOf(here(dir));
