/** The keyboard help of a page people work through by keys (labelling, reviewing): a modal table of keys. */
export function KeysHelp({ titleId, keys, note, onClose }: { titleId: string; keys: readonly [string, string][]; note: string; onClose: () => void }) {
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <div className="overlay-box">
        <h2 id={titleId}>Keys</h2>
        <table className="data">
          <tbody>
            {keys.map(([k, what]) => (
              <tr key={k}><th scope="row"><kbd>{k}</kbd></th><td>{what}</td></tr>
            ))}
          </tbody>
        </table>
        <p className="meta">{note}</p>
        <button type="button" onClick={onClose} autoFocus>Close</button>
      </div>
    </div>
  );
}
