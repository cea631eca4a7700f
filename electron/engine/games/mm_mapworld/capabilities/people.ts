import { provide } from '../../../core/capability';
import { mmMapworldGame, mmMapworldGraphsGame, mmMapworldSpecificroomGame } from '../game';
import { mmPayload } from '../instance';
import { initialPrompt } from '../rules';

export default [mmMapworldGame, mmMapworldSpecificroomGame, mmMapworldGraphsGame].map((game) => provide(game, 'people', { instructions: (_seat, instance) => initialPrompt(mmPayload(instance.payload)) }));
