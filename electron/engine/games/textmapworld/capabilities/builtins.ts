import { provide } from '../../../core/capability';
import { textmapworldGame, textmapworldSpecificroomGame, textmapworldGraphreasoningGame } from '../game';
import { referenceExplorer } from '../builtin';
import { EXPLORER } from '../master';

export default [textmapworldGame, textmapworldSpecificroomGame, textmapworldGraphreasoningGame].map((game) => provide(game, 'builtins', { [EXPLORER]: referenceExplorer }));
