/**
 * The stand-in for an image an imported log names but nobody has: a grey card saying so, with the
 * image's file name. It is stored as its own blob, never under the image's name, so a later run that
 * finds the real image is not given the card.
 */
import { FONT, newCanvas } from '../../media/canvas';
import { nameSegments } from './folders';

export function placeholderPng(name: string): Uint8Array {
  const canvas = newCanvas(320, 240);
  const g = canvas.getContext('2d');
  g.fillStyle = '#e6e6e6';
  g.fillRect(0, 0, 320, 240);
  g.strokeStyle = '#767676';
  g.lineWidth = 2;
  g.strokeRect(1, 1, 318, 238);
  g.fillStyle = '#333333';
  g.textAlign = 'center';
  g.font = `bold 18px ${FONT}`;
  g.fillText('image not available', 160, 110);
  g.font = `13px ${FONT}`;
  const file = nameSegments(name).at(-1) ?? name;
  g.fillText(file.length > 40 ? `${file.slice(0, 37)}…` : file, 160, 140);
  return canvas.toBuffer('image/png');
}
