import type { GameViews } from '../types';
import { MapRound, MapTranscript } from './MapTranscript';

/** The MapWorld games' views (textmapworld, _specificroom, _graphreasoning and the image games mm_mapworld, _graphs, _specificroom share them): the map and the dialogue. */
export const textmapworldViews: GameViews = { Transcript: MapTranscript, Round: MapRound };
