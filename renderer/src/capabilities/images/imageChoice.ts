/** Where a multimodal game's images come from, as the New run form holds it (pure; the field is ImageSources.tsx). */
export interface ImageChoice {
  /** One folder per line. */
  folders: string;
  download: boolean;
  skipMissing: boolean;
}

export function imageSources(choice: ImageChoice) {
  const folders = choice.folders.split('\n').map((f) => f.trim()).filter(Boolean);
  return { folders, download: choice.download, missing: choice.skipMissing ? ('skip' as const) : ('refuse' as const) };
}
