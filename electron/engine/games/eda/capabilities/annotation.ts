import type { AnnotationHooks } from '../../../capabilities/annotation/provision';
import { provide } from '../../../core/capability';
import { actionOf } from '../../../core/events';
import { edaGame } from '../game';
import { edaTurns } from '../turns';

// Judge-error annotation: people check the judge's Yes/No/Maybe/Dunno answers against the entity.
const annotation: AnnotationHooks = {
  info: {
    producer: 'judge',
    itemNoun: 'judge answer',
    itemsNoun: 'judge answers',
    labelNoun: 'answer',
    labels: [
      { id: 'yes', label: 'Yes', key: 'y' },
      { id: 'no', label: 'No', key: 'n' },
      { id: 'maybe', label: 'Maybe', key: 'm' },
      { id: 'dunno', label: 'Dunno', key: 'd' },
    ],
    groups: { label: 'judgeLabel', model: 'judgeModel', tag: 'category' },
    guidelines:
      'Judge the question about the entity shown, as a well-informed person would answer it: Yes, No, Maybe (true only sometimes, or in ' +
      'part) or Dunno (nobody could know, or the question makes no sense for it).\n\n' +
      "The judge's wording does not matter, only the answer it gives. Read the dialogue before (T) when the question refers to earlier ones.\n\n" +
      'Press Q when two answers are equally defensible, and write a note (C) when you are unsure: the notes go into the export.',
    columns: { prompt: 'question', text: 'judge_raw' },
    recompute: {
      metrics: ['yes'],
      note:
        '#Yes is recomputed with the corrected answers of the annotated turns only. #Turns, Success and Score cannot be: ' +
        'with another answer the guesser would have asked other questions, so the rest of the game is unknown.',
    },
  },
  // Bingo turns are decided by the rules (no judge call) and are never drawn.
  target: { role: 'judge', kind: 'response', needsCall: true },
  labelKey: 'label',
  item(event, events) {
    const turns = edaTurns(events.filter((e) => e.idx <= event.idx)).turns;
    const current = turns.find((t) => t.idx === event.round);
    return {
      prompt: current?.question ?? '',
      context: turns.filter((t) => t.idx < event.round).map((t) => ({ round: t.idx, prompt: t.question, reply: t.reply, label: t.label })),
    };
  },
  relabel: (event, label) => ({ ...event, action: { ...actionOf(event), label } }),
};

export default provide(edaGame, 'annotation', annotation);
