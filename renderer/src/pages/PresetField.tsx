import type { GameInfo } from '../../../shared/api/contract';

/**
 * A paper's experiment to start from: choosing one fills the data, settings and repetitions; what
 * the paper seated is shown, since the models stay the user's to choose.
 */
export function PresetField({ game, value, onChange }: { game: GameInfo; value: string; onChange: (presetId: string) => void }) {
  const preset = game.presets.find((p) => p.id === value);
  return (
    <div className="field wide preset-field">
      <label htmlFor="run-preset">Preset</label>
      <select id="run-preset" value={value} onChange={(e) => onChange(e.target.value)} aria-describedby="run-preset-about">
        <option value="">None (the game's defaults)</option>
        {game.presets.map((p) => <option key={p.id} value={p.id}>{p.title}</option>)}
      </select>
      <div id="run-preset-about" className="hint" aria-live="polite" data-testid="preset-about">
        {preset ? (
          <>
            <p>{preset.description}</p>
            <dl className="preset-players" data-testid="preset-players">
              {Object.entries(preset.players).map(([role, seated]) => (
                <div key={role}>
                  <dt>{game.roles.find((r) => r.id === role)?.label ?? role}, as the paper seated them</dt>
                  <dd>{seated}</dd>
                </div>
              ))}
            </dl>
            <p>Fills the data, the settings and the repetitions; the models are yours to choose.</p>
          </>
        ) : (
          <p>One of the paper's experiments as a start: its data, settings and repetitions.</p>
        )}
      </div>
    </div>
  );
}
