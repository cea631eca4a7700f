/**
 * Presets: a paper's experiments as runs to start from (`parlor run --preset <id>`, the New run form's
 * "Start from"); the user still picks the models.
 */
import type { RunPreset } from '../../../../shared/contract/game';
import { capabilityOf, type CapabilityCheck } from '../../core/capability';
import type { Game } from '../../core/game';

declare module '../../core/capability' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- every entry shares the game's settings type; a preset's settings are checked by parsing
  interface Provisions<S> {
    presets: readonly RunPreset[];
  }
}

/** The game's presets, none where it offers none. */
export function presetsOf(game: Pick<Game<unknown>, 'id'>): readonly RunPreset[] {
  return capabilityOf(game, 'presets') ?? [];
}

export const presetsCheck: CapabilityCheck<'presets'> = {
  key: 'presets',
  problems(value, game) {
    if (!Array.isArray(value) || value.length === 0) return ['presets must be a non-empty list (delete the file to offer none)'];
    const problems: string[] = [];
    const ids = value.map((p) => p.id);
    for (const id of new Set(ids.filter((id, i) => ids.indexOf(id) !== i))) problems.push(`preset "${id}" is declared twice`);
    for (const preset of value) {
      const bundled = game.datasets.bundled().find((d) => d.name === preset.dataset.name);
      if (!bundled) problems.push(`preset "${preset.id}" plays dataset "${preset.dataset.name}", which the game does not bundle`);
      else if (preset.dataset.subset && !bundled.subsets.includes(preset.dataset.subset)) problems.push(`preset "${preset.id}" plays subset "${preset.dataset.subset}", which ${preset.dataset.name} does not have`);
      try {
        game.settings.parse(preset.settings);
      } catch (error) {
        problems.push(`preset "${preset.id}" has settings the game refuses: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      }
    }
    return problems;
  },
  info: { field: 'presets', of: (value) => [...value], none: [] },
};
