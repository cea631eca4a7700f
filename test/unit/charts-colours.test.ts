/**
 * A player has one colour on every chart: assigned from its name among the dataset's players, never
 * from its place in the list drawn, so filtering players out recolours no one, and the heatmap's
 * swatch is the difficulty line's colour. Palette: Okabe–Ito without black, then dashed lines.
 */
import { describe, expect, it } from 'vitest';
import { difficultySvg, type DifficultyData } from '../../shared/charts/difficulty';
import { heatmapSvg, type HeatmapData } from '../../shared/charts/heatmap';
import { nameHash, PLAYER_PALETTE, playerStyle, playerStyles } from '../../shared/charts/players';

const ALL = ['openai:gpt-4o', 'anthropic:claude-3-opus', 'openai:gpt-3.5-turbo', 'mistral:large', 'meta:llama-3-70b'];

function difficulty(players: string[], levels = 3): DifficultyData {
  return {
    axis: 'item',
    axisLabel: 'entities',
    metricLabel: 'mean score',
    domain: [0, 1],
    players,
    rows: Array.from({ length: levels }, (_, i) => ({ level: `level ${i}`, mean: 0.5, unsolved: false, players: Object.fromEntries(players.map((p, k) => [p, { mean: (i + k) / 10, n: 3, solved: true }])) })),
  };
}

function heatmap(players: string[]): HeatmapData {
  return { players, topics: ['a', 'b'], metric: 'score', metricLabel: 'mean score', domain: [0, 1], topicKey: 'category', cells: players.flatMap((p) => ['a', 'b'].map((topic) => ({ player: p, topic, n: 2, mean: 0.4, low: 0.1, high: 0.7 }))) };
}

/** The stroke of each player's line on a difficulty chart. */
const lineColours = (svg: string) => new Map([...svg.matchAll(/<g data-series="([^"]+)"><path d="[^"]*" fill="none" stroke="([^"]+)"/g)].map((m) => [m[1]!, m[2]!]));
const swatchColours = (svg: string) => new Map([...svg.matchAll(/<rect [^>]*fill="([^"]+)" data-swatch="([^"]+)"/g)].map((m) => [m[2]!, m[1]!]));

describe('player colours', () => {
  it('a player keeps its colour when other players are filtered out of the chart', () => {
    const all = lineColours(difficultySvg(difficulty(ALL), { universe: ALL }));
    const some = lineColours(difficultySvg(difficulty([ALL[3]!, ALL[1]!]), { universe: ALL }));
    expect(all.size).toBe(5);
    expect(some.get(ALL[3]!)).toBe(all.get(ALL[3]!));
    expect(some.get(ALL[1]!)).toBe(all.get(ALL[1]!));
  });

  it('the heatmap swatch of a player is the colour of its difficulty line, whatever the rows order', () => {
    const lines = lineColours(difficultySvg(difficulty(ALL.slice(0, 2)), { universe: ALL }));
    const swatches = swatchColours(heatmapSvg(heatmap(ALL), { rows: 'name', columns: 'name' }, { universe: ALL }));
    expect(swatches.size).toBe(5);
    for (const [player, colour] of lines) expect(swatches.get(player), player).toBe(colour);
  });

  it('is the same whatever order the universe comes in, and distinct within it', () => {
    const a = playerStyles(ALL);
    const b = playerStyles([...ALL].reverse());
    expect([...a].sort()).toEqual([...b].sort());
    expect(new Set([...a.values()].map((s) => s.colour)).size).toBe(5);
    expect(playerStyle(ALL[2]!, ALL)).toEqual(a.get(ALL[2]!));
  });

  it('starts from the name hash: a player alone gets its own first choice', () => {
    for (const p of ALL) expect(playerStyle(p).colour).toBe(PLAYER_PALETTE[nameHash(p) % PLAYER_PALETTE.length]);
    expect(nameHash('a')).toBe(0xe40c292c); // FNV-1a of "a"
  });

  it('past seven players, colours repeat with a dash; 21 players all look different', () => {
    const many = Array.from({ length: 21 }, (_, i) => `model-${i}`);
    const styles = [...playerStyles(many).values()];
    expect(new Set(styles.map((s) => `${s.colour} ${s.dash ?? 'solid'}`)).size).toBe(21);
    expect(styles.filter((s) => s.dash === undefined)).toHaveLength(7);
    expect(styles.map((s) => s.colour)).not.toContain('#000000');
  });
});
