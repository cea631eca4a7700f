/** The images capability in the app: where a multimodal game's images come from, on the New run form, with a check before the run. */
import type { NewRunSlot, RendererCapability } from '../types';
import { imageSources, type ImageChoice } from './imageChoice';
import { ImageSourcesField, rememberedImages, rememberImages } from './ImageSources';

const imageSourcesSlot: NewRunSlot<ImageChoice> = {
  applies: (game) => game.images !== null,
  initial: rememberedImages,
  render: ({ game, value, onChange, choice }) => <ImageSourcesField choice={value} onChange={onChange} hint={game.images?.hint ?? null} check={choice} />,
  config: (value) => ({ images: imageSources(value) }),
  started: rememberImages,
};

export const imagesUi: RendererCapability = { key: 'images', newRun: imageSourcesSlot };
