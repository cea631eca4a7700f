import type { TranscriptView } from '../../../../shared/api/contract';
import { MediaImage } from '../../components/MediaImage';
import { RefRound } from '../referencegame/RefTranscript';
import { mmEpisodeOf } from './episode';

/** A side-by-side cell: the three images the describer saw (the target marked), then the round as the text game reads it. */
export function MmRefRound({ view, round }: { view: TranscriptView; round: number }) {
  const ep = mmEpisodeOf(view.events);
  return (
    <>
      <div className="ref-grids compact">
        {ep.describerImages.map((img) => (
          <MediaImage key={img.label} media={img.part.ref} name={img.part.name} alt={`describer's ${img.label.toLowerCase()} image${img.target ? ' (target)' : ''}`} />
        ))}
      </div>
      <RefRound view={view} round={round} />
    </>
  );
}
