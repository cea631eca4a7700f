/**
 * Real games transcribed from the EDA paper (Tables 2, 7, 8; GPT-4 and human guessers) replayed
 * through the engine: the guesser says the paper's questions, the judge the paper's answers, and the
 * rules must produce the paper's Bingo, must-guess cue and metrics (counted by hand in the fixture).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderTranscript } from '../../electron/cli/commands/show';
import { edaGame } from '../../electron/engine/games/eda/game';
import { episodeExportRows } from '../../electron/engine/io/episodes';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { playScripted } from '../support/scripted-run';
import { tempStore, writeList } from '../support/tmp';
import { turnsOf } from '../support/eda';

interface Golden {
  source: string;
  dataset: 'things' | 'celebrities';
  entity: string;
  transcript: [string, string][];
  expected: { turns: number; success: number; yes: number; score: number };
  /** False where the paper prints a game without the must-guess cue and final-guess suffix. */
  paperShowsCues?: boolean;
}

const games: Golden[] = JSON.parse(readFileSync(new URL('../fixtures/eda-golden-games.json', import.meta.url), 'utf8'));
const MUST_GUESS = / You must guess now, what[’']s it\?$/;
const FINAL = / Is it right\?$/;
const ascii = (text: string) => text.replaceAll('’', "'");

describe('golden games from the EDA paper', () => {
  it('covers at least six games, GPT-4 and human, Things and Celebrities', () => {
    expect(games.length).toBeGreaterThanOrEqual(6);
    expect(new Set(games.map((g) => g.dataset))).toEqual(new Set(['things', 'celebrities']));
    expect(games.some((g) => g.source.includes('Human'))).toBe(true);
  });

  it.each(games.map((g, i) => [`${g.source}: ${g.entity}`, g, i] as const))('%s', async (_name, game, index) => {
    const store = tempStore();
    const questions = game.transcript.map(([q]) => q.replace(FINAL, ''));
    const answers = game.transcript.filter(([, a]) => a !== 'Bingo!').map(([, a]) => a.replace(MUST_GUESS, ''));
    const guesser = ScriptedModel.fromLines('paper-guesser', questions);
    const judge = ScriptedModel.fromLines('paper-judge', answers);

    const runId = await playScripted(
      store,
      { dataset: { name: game.dataset, subset: 'test', file: writeList([game.entity]), kind: game.dataset }, repetitions: 1 },
      { guesser, judge },
    );

    const [episode] = store.episodes.list(runId);
    expect(episode!.status).toBe('done');
    expect(episode!.scores!.turns).toBe(game.expected.turns);
    expect(episode!.scores!.success).toBe(game.expected.success);
    expect(episode!.scores!.yes).toBe(game.expected.yes);
    expect(episode!.scores!.score).toBeCloseTo(game.expected.score, 12);

    // The transcript the engine built is the paper's, cue and Bingo included.
    const turns = turnsOf(store, episode!.id);
    const built = turns.map((t) => [t.history, t.reply]);
    const printed = game.paperShowsCues === false ? built.map(([q, a]) => [q!.replace(FINAL, ''), a!.replace(MUST_GUESS, '')]) : built;
    expect(printed).toEqual(game.transcript.map(([q, a]) => [q, ascii(a)]));
    // The judge was never asked about a question that named the entity.
    expect(judge.requests).toHaveLength(answers.length);

    // Byte for byte what the version-5 engine printed for the same game (below its header, whose
    // dataset line now names the file under its own name and hash, not as a bundled split).
    const legacy = readFileSync(new URL(`../fixtures/legacy-v5/expected/golden-${index}.txt`, import.meta.url), 'utf8').split('\n');
    const now = renderTranscript(edaGame as never, store.episodes.get(episode!.id), store.events.list(episode!.id), edaGame.settings.parse({})).split('\n');
    expect(now.slice(1)).toEqual(legacy.slice(1, -1));
    const [row] = episodeExportRows(store, runId);
    const legacyRow = readFileSync(new URL(`../fixtures/legacy-v5/expected/golden-${index}.csv`, import.meta.url), 'utf8').split('\r\n')[1]!.split(',');
    expect([row!.entity, row!.outcome, row!.turns, row!.success, row!.yes, row!.score, row!.final_question].map(String)).toEqual([5, 10, 11, 12, 13, 14, 17].map((i) => legacyRow[i]));
  });
});
