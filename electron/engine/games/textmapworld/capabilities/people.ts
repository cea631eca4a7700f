import { provide } from '../../../core/capability';
import { textmapworldGame, textmapworldGraphreasoningGame, textmapworldSpecificroomGame } from '../game';
import { mapPayload } from '../instance';
import { initialPrompt } from '../rules';

export default [textmapworldGame, textmapworldSpecificroomGame, textmapworldGraphreasoningGame].map((game) => provide(game, 'people', { instructions: (_seat, instance) => initialPrompt(mapPayload(instance.payload)) }));
