import { useMemo } from 'react';
import { playerStyles } from '../../../../shared/charts/players';
import { PlayerSwatch } from './ChartFrame';

/**
 * Which players a view shows (and compares on their common instances), each with its chart colour.
 * `chosen` undefined means every player; ticking every box again goes back to that, so a player who
 * plays later is not silently left out.
 */
export function PlayerPicker({ players, chosen, onChange }: { players: readonly string[]; chosen: readonly string[] | undefined; onChange: (players: string[] | undefined) => void }) {
  // Colours are assigned among all the dataset's players, so ticking one off recolours no other.
  const styles = useMemo(() => playerStyles(players), [players]);
  const shown = chosen?.filter((p) => players.includes(p)) ?? players;
  const toggle = (player: string) => {
    const next = shown.includes(player) ? shown.filter((p) => p !== player) : players.filter((p) => p === player || shown.includes(p));
    onChange(next.length === players.length ? undefined : next);
  };
  if (players.length < 2) return null;
  return (
    <fieldset className="players-pick">
      <legend>Players ({shown.length} of {players.length})</legend>
      {players.map((p) => (
        <label key={p}>
          <input type="checkbox" checked={shown.includes(p)} onChange={() => toggle(p)} /> <PlayerSwatch player={p} style={styles.get(p)} /> {p}
        </label>
      ))}
    </fieldset>
  );
}
