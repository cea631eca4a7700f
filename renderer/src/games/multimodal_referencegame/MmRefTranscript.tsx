import type { TranscriptView } from '../../../../shared/api/contract';
import { MediaImage } from '../../components/MediaImage';
import { Reply, Verdict } from '../referencegame/RefTranscript';
import { mmEpisodeOf, type MmRefImage } from './episode';

/** The multimodal reference game: the describer's three images (its target marked), its expression, the follower's images and answer, the verdict. */
export function MmRefTranscript({ view }: { view: TranscriptView }) {
  const ep = mmEpisodeOf(view.events);
  return (
    <div aria-label="Multimodal reference game">
      <h4>Describer sees</h4>
      <Images who="describer" images={ep.describerImages} />
      <Reply who="describer" reply={ep.describer} />
      {ep.followerImages.length > 0 && (
        <>
          <h4>Follower sees</h4>
          <Images who="follower" images={ep.followerImages} />
        </>
      )}
      <Reply who="follower" reply={ep.follower} />
      <Verdict verdict={ep.verdict} />
    </div>
  );
}

function Images({ who, images }: { who: string; images: MmRefImage[] }) {
  return (
    <div className="ref-grids">
      {images.map((img) => (
        <figure key={img.label} className={img.target ? 'ref-target' : ''}>
          <figcaption className="meta">
            {img.label}
            {img.target && ' (target)'}
          </figcaption>
          <MediaImage media={img.part.ref} alt={`${who}'s ${img.label.toLowerCase()} image`} name={img.part.name} />
        </figure>
      ))}
    </div>
  );
}
