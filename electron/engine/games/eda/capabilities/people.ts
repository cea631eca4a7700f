import { provide } from '../../../core/capability';
import { edaPayload } from '../datasets';
import { edaGame } from '../game';
import { fillTemplate } from '../rules';
import { edaPrompts, EdaKindSchema } from '../settings';

// The guesser reads the rules; the judge the rules with the entity it answers about.
export default provide(edaGame, 'people', {
  instructions(seat, instance, settings, datasetKind) {
    const prompts = edaPrompts(EdaKindSchema.catch('things').parse(datasetKind), settings);
    if (seat === 'guesser') return prompts.guesser;
    const entity = settings.judgeEntity === 'line' ? edaPayload(instance.payload).line : instance.name;
    return fillTemplate(prompts.judge, { entity, question: '…' });
  },
});
