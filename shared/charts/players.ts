/**
 * One colour (and, past the palette's size, a dash pattern) per player, the same on every chart and
 * page. A player's first choice comes from a hash of its name alone; only when two players of the
 * same universe (every player of the dataset, never just those in view) want the same colour does
 * the later one in name order move to the next free colour. So filtering players out never recolours
 * the rest, and a player keeps its colour across datasets unless a clash there forces a move.
 */

/** Okabe–Ito without its black (invisible on the dark theme): distinct for the common colour-vision deficiencies. */
export const PLAYER_PALETTE = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#F0E442'] as const;

/** Solid first; dashed lines tell apart players that share a colour once the palette is used up. */
export const PLAYER_DASHES = [undefined, '6 3', '2 2'] as const;

export interface PlayerStyle {
  colour: string;
  dash: string | undefined;
}

/** FNV-1a over UTF-16 code units: deterministic, the same in Node and every browser. */
export function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** Every player of `universe` with its style; players outside it get their first choice. */
export function playerStyles(universe: readonly string[]): Map<string, PlayerStyle> {
  const colours = PLAYER_PALETTE.length;
  const slots = colours * PLAYER_DASHES.length;
  const taken = new Set<number>();
  const styles = new Map<string, PlayerStyle>();
  const names = [...new Set(universe)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const name of names) {
    const first = nameHash(name) % colours;
    let slot = -1;
    for (let k = 0; k < slots && slot < 0; k++) {
      const candidate = Math.floor(k / colours) * colours + ((first + k) % colours);
      if (!taken.has(candidate)) slot = candidate;
    }
    if (slot < 0) slot = nameHash(name) % slots; // more players than styles: a clash is unavoidable
    taken.add(slot);
    styles.set(name, styleOf(slot));
  }
  return styles;
}

function styleOf(slot: number): PlayerStyle {
  return { colour: PLAYER_PALETTE[slot % PLAYER_PALETTE.length]!, dash: PLAYER_DASHES[Math.floor(slot / PLAYER_PALETTE.length)] };
}

/** A player's style within `universe` (which should include it). */
export function playerStyle(player: string, universe: readonly string[] = [player]): PlayerStyle {
  return playerStyles(universe).get(player) ?? styleOf(nameHash(player) % PLAYER_PALETTE.length);
}
