import { describe, expect, it } from 'vitest';
import { probeSeries } from '../../electron/engine/capabilities/probing/view';
import { disjoint, entityRank } from '../../electron/engine/games/eda/probing/rounds';
import { parseTop5, probeMessages } from '../../electron/engine/games/eda/probing/top5';
import { EdaSettingsSchema, PROBE_ASK, PROBE_PREFILL } from '../../electron/engine/games/eda/settings';
import type { ProbeEpisodeView, ProbeRoundView } from '../../shared/api/capabilities/probing';

describe('reading a probe reply', () => {
  it('reads numbered, bulleted, plain and comma-separated lists, at most five, without markup', () => {
    expect(parseTop5('\n1. Computer\n2. Cellphone\n3. **Book**\n4. Car\n5. House\n6. Pen')).toEqual({ candidates: ['Computer', 'Cellphone', 'Book', 'Car', 'House'] });
    expect(parseTop5('Here are my guesses:\n- Harmonica - a small wind instrument\n- Guitar pick\n- Ocarina (clay)\n\nLet me know!')).toEqual({ candidates: ['Harmonica', 'Guitar pick', 'Ocarina'] });
    expect(parseTop5('Ukulele\nViolin\nGuitar\nMandolin\nHarp')).toEqual({ candidates: ['Ukulele', 'Violin', 'Guitar', 'Mandolin', 'Harp'] });
    expect(parseTop5(' Guitar, Ukulele, Banjo, Mandolin and Lute.')).toEqual({ candidates: ['Guitar', 'Ukulele', 'Banjo', 'Mandolin', 'Lute'] });
    expect(parseTop5('My top guesses: key, coin, dice')).toEqual({ candidates: ['key', 'coin', 'dice'] });
    expect(parseTop5('1) Key\n2) key\n3) Coin')).toEqual({ candidates: ['Key', 'Coin'] });
    expect(parseTop5('   ')).toBeNull();
  });

  it("continues the guesser's own turn with the paper's sentence, or asks it as a question; never touches the history", () => {
    const history = [{ role: 'user' as const, content: 'Your task…' }];
    const settings = EdaSettingsSchema.parse({ probe: { enabled: true } }).probe;
    expect(settings).toEqual({ enabled: true, style: 'prefill', temperature: 0, maxTokens: 96 });
    expect(probeMessages(history, settings)).toEqual([...history, { role: 'assistant', content: PROBE_PREFILL }]);
    expect(probeMessages(history, { ...settings, style: 'ask' })).toEqual([...history, { role: 'user', content: PROBE_ASK }]);
    expect(history).toHaveLength(1);
    expect(PROBE_PREFILL).toBe('Based on the information provided, here are the top 5 most likely concrete entities I think you are thinking of:');
  });
});

describe('ranks and eliminations', () => {
  it("ranks the entity by any alias, whole words, either way round", () => {
    expect(entityRank(['Harmonica', 'Guitar pick', 'Ocarina'], ['Guitar'])).toBe(2);
    expect(entityRank(['Ukulele', 'Violin', 'Acoustic guitar'], ['Guitar'])).toBe(3);
    expect(entityRank(['Eiffel Tower', 'Big Ben'], ['The Eiffel Tower'])).toBe(1);
    expect(entityRank(['Guitars4U', 'Pineapple'], ['Guitar', 'apple'])).toBeNull();
    expect(entityRank(['LeBron', 'Kobe Bryant'], ['LeBron James', 'LeBron'])).toBe(1);
  });

  it('a turn eliminates all five when the next probe shares none of them (case and punctuation aside)', () => {
    expect(disjoint(['smartphone', 'book', 'pen', 'key', 'mug'], ['Book', 'pen', 'key', 'mug', 'deck of cards'])).toBe(false);
    expect(disjoint(['deck of cards', 'book', 'paintbrush', 'puzzle', 'dice'], ['Harmonica', 'Guitar pick', 'Ocarina', 'Castanets', 'Recorder'])).toBe(true);
    expect(disjoint(["Rubik's cube"], ['Rubiks cube'])).toBe(false);
  });
});

describe('rank series', () => {
  const round = (r: number, targetRank: number | null, items = true): ProbeRoundView => ({ round: r, move: null, reply: null, items: items ? ['a'] : null, error: null, targetRank, turnover: false });
  const episode = (player: string, rounds: ProbeRoundView[]): ProbeEpisodeView => ({ episodeId: 1, runId: 1, instance: 'x', repetition: 1, outcome: null, player, rounds });

  it('averages ranks per round and model, an absent answer at 6, failed probes left out (hand-computed)', () => {
    const series = probeSeries(
      [episode('m', [round(1, null), round(2, 3)]), episode('m', [round(1, 2), round(2, 1), round(3, null, false)]), episode('a', [round(1, 1)])],
      6,
    );
    expect(series.map((s) => s.player)).toEqual(['a', 'm']);
    const [r1, r2] = series[1]!.points;
    // Round 1: ranks 6 and 2 → mean 4, sd √8, t(0.975, 1) = 12.706 → half-width 12.706·√8/√2 = 25.41, clipped to [1, 6].
    expect(r1).toMatchObject({ round: 1, n: 2, meanRank: 4, low: 1, high: 6, inItems: 0.5 });
    // Round 2: ranks 3 and 1 → mean 2, half-width 12.706·√2/√2 = 12.706 → clipped.
    expect(r2).toMatchObject({ round: 2, n: 2, meanRank: 2, inItems: 1 });
    expect(series[1]!.points).toHaveLength(2);
    expect(series[0]!.points).toEqual([{ round: 1, n: 1, meanRank: 1, low: null, high: null, inItems: 1 }]);
  });
});

describe('the estimate of a probed run', () => {
  it('counts a probe call before every question, on the guesser model', async () => {
    const { edaGame } = await import('../../electron/engine/games/eda/game');
    const plain = edaGame.estimate(edaGame.settings.parse({}), 'things');
    const probed = edaGame.estimate(edaGame.settings.parse({ probe: { enabled: true } }), 'things');
    expect(plain.guesser!.calls).toBe(20);
    expect(probed.guesser!.calls).toBe(40);
    expect(probed.judge).toEqual(plain.judge);
    // 20 probes of up to 96 tokens each, and the dialogue read again plus the 115-character sentence (~28.75 tokens) each time.
    expect(probed.guesser!.outputTokens - plain.guesser!.outputTokens).toBe(20 * 96);
    expect(probed.guesser!.inputTokens - 2 * plain.guesser!.inputTokens).toBeCloseTo(20 * (PROBE_PREFILL.length / 4), 9);
  });
});
