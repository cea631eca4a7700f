import { provide } from '../../../core/capability';
import { multimodalReferenceGame } from '../game';
import { MM_REF_IMAGES } from '../images';

export default provide(multimodalReferenceGame, 'images', MM_REF_IMAGES);
