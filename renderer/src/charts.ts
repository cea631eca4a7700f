import { download } from './download';

/** Saves a chart as the SVG the app shows. */
export function saveSvg(svg: string, name: string): void {
  download({ filename: `${name}.svg`, mime: 'image/svg+xml', content: svg });
}

/** Rasterises a chart at 2× through a canvas (a data: URL, which the page's CSP allows for images). */
export async function savePng(svg: string, name: string): Promise<void> {
  const width = Number(/width="(\d+(?:\.\d+)?)"/.exec(svg)?.[1] ?? 800);
  const height = Number(/height="(\d+(?:\.\d+)?)"/.exec(svg)?.[1] ?? 600);
  const image = new Image();
  image.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`;
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = width * 2;
  canvas.height = height * 2;
  const context = canvas.getContext('2d')!;
  context.scale(2, 2);
  context.drawImage(image, 0, 0);
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.png`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
