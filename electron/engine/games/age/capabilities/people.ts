import { provide } from '../../../core/capability';
import { ageGame } from '../game';
import { firstPrompt } from '../prompts';

// The first player's first prompt, as a person in the first seat would read it.
export default provide(ageGame, 'people', {
  instructions: (_seat, instance, settings) => firstPrompt({ players: settings.groups[0] + settings.groups[1], player: 1, rounds: settings.rounds, word: String((instance.payload as { a?: unknown }).a ?? ''), heard: [] }),
});
