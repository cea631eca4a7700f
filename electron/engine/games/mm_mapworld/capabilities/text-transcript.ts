import { provide } from '../../../core/capability';
import { mmMapworldGame, mmMapworldGraphsGame, mmMapworldSpecificroomGame } from '../game';
import { mapTextTranscript } from '../../textmapworld/transcript';

// Textmapworld's transcript, with the room, its category and its photograph after each move.
const where = (a: Record<string, unknown>) => (typeof a.room === 'string' ? `   (${a.room}: ${String(a.category)}, ${String(a.image).split('/').at(-1)})` : '');

export default [mmMapworldGame, mmMapworldSpecificroomGame, mmMapworldGraphsGame].map((game) => provide(game, 'text-transcript', (events) => mapTextTranscript(events, where)));
