import type { ExportFile } from '../../shared/api/contract';

/** Saves an exported file through the browser's (or Electron's) download. */
export function download(file: ExportFile): void {
  const body = file.encoding === 'base64' ? Uint8Array.from(atob(file.content), (c) => c.charCodeAt(0)) : file.content;
  const url = URL.createObjectURL(new Blob([body], { type: file.mime }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
