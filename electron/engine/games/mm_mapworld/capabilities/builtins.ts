import { provide } from '../../../core/capability';
import { mmMapworldGame, mmMapworldSpecificroomGame, mmMapworldGraphsGame } from '../game';
import { mmReferenceExplorer } from '../builtin';
import { EXPLORER } from '../master';

export default [mmMapworldGame, mmMapworldSpecificroomGame, mmMapworldGraphsGame].map((game) => provide(game, 'builtins', { [EXPLORER]: mmReferenceExplorer }));
