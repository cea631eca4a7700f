import { provide } from '../../../core/capability';
import { textmapworldGame, textmapworldSpecificroomGame, textmapworldGraphreasoningGame } from '../game';
import { mapTextTranscript } from '../transcript';

export default [textmapworldGame, textmapworldSpecificroomGame, textmapworldGraphreasoningGame].map((game) => provide(game, 'text-transcript', (events) => mapTextTranscript(events)));
