import { useState } from 'react';
import type { ImageCheckView } from '../../../../shared/api/capabilities/images';
import { useApi } from '../../api/hooks';
import { ErrorNote } from '../../components/ErrorNote';
import type { NewRunChoice } from '../types';

import { imageSources, type ImageChoice } from './imageChoice';

export { imageSources, type ImageChoice };

const REMEMBERED = 'parlor.imageFolders';

/** Keeps the folders for the next run (on a check and when a run starts). */
export function rememberImages(choice: ImageChoice): void {
  localStorage.setItem(REMEMBERED, choice.folders);
}

/** The folders typed last time: "point Parlor at your clembench resources folder" once, not every run. */
export function rememberedImages(): ImageChoice {
  return { folders: localStorage.getItem(REMEMBERED) ?? '', download: false, skipMissing: false };
}

/** Where a multimodal game's images come from, and a check of every image the chosen data needs before the run starts. */
export function ImageSourcesField({ choice, onChange, check, hint }: { choice: ImageChoice; onChange: (c: ImageChoice) => void; check: NewRunChoice; hint: string | null }) {
  const api = useApi();
  const [result, setResult] = useState<ImageCheckView | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A result belongs to the folders and data it was checked with: any change makes it stale.
  const checked = JSON.stringify([choice, check]);
  const [resultFor, setResultFor] = useState<string | null>(null);
  const current = resultFor === checked ? result : null;
  const run = async () => {
    setBusy(true);
    setError(null);
    try {
      rememberImages(choice);
      setResult(await api.call('images.check', { ...check, images: imageSources(choice) }));
      setResultFor(checked);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <fieldset className="field wide images-field" data-testid="image-sources">
      <legend>Images</legend>
      <label htmlFor="run-image-folders">Image folders (one per line)</label>
      <textarea id="run-image-folders" aria-describedby={hint ? 'run-image-folders-hint' : undefined} rows={2} value={choice.folders} spellCheck={false} placeholder="/home/me/clembench" onChange={(e) => onChange({ ...choice, folders: e.target.value })} />
      {hint && <small id="run-image-folders-hint" className="hint">{hint} Grid images are drawn by Parlor; images found once are kept in the database.</small>}
      <label>
        <input type="checkbox" checked={choice.download} onChange={(e) => onChange({ ...choice, download: e.target.checked })} /> Download images named by URL when a network answers
      </label>
      <label>
        <input type="checkbox" checked={choice.skipMissing} onChange={(e) => onChange({ ...choice, skipMissing: e.target.checked })} /> Play only the experiments whose images are all found
      </label>
      <div>
        <button type="button" onClick={() => void run()} disabled={busy}>{busy ? 'Looking for images…' : 'Check images'}</button>
      </div>
      <ErrorNote error={error} />
      {current && <CheckResult result={current} />}
    </fieldset>
  );
}

function CheckResult({ result }: { result: ImageCheckView }) {
  if (result.missing.length === 0) return <p role="status" className="notice ok">All {result.needed} images found{result.complete.length ? ` (${result.complete.join(', ')})` : ''}.</p>;
  return (
    <div role="status" className="notice warn" data-testid="image-check">
      <p>
        {result.found} of {result.needed} images found; {result.missing.length} missing. Ready to run: {result.complete.join(', ') || 'no experiment'}. Missing images in: {result.incomplete.join(', ')}.
      </p>
      <details>
        <summary>Missing images and where Parlor looked</summary>
        <ul className="missing-images">
          {result.missing.slice(0, 50).map((m) => (
            <li key={m.name}>
              <code>{m.name}</code> <span className="meta">({m.experiments.join(', ')})</span>
              <ul>{m.looked.map((l) => <li key={l} className="meta">{l}</li>)}</ul>
            </li>
          ))}
        </ul>
        {result.missing.length > 50 && <p className="meta">… and {result.missing.length - 50} more (parlor images check lists them all).</p>}
      </details>
    </div>
  );
}
