/**
 * The game a run, a view or a command means when none is named: the one place a game id is a default.
 * Everything else (the run config, the API, the CLI, the app's forms) takes it from here, so choosing
 * another default, or none, is a one-line change.
 */
export const DEFAULT_GAME = 'eda';
