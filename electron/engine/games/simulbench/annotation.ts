/**
 * Judge calibration: a person reads the script, the answer(s) and the judge's explanation, and gives
 * their own rating (1–10) or verdict (A, B, tie). Parlor then reports how the judge agrees with people
 * (weighted kappa, Spearman and the judge's bias for ratings; kappa for verdicts), per judge model, and
 * the pairwise judge's position bias (its order flips) over every pairwise run of the set.
 * What the annotator reads comes from the judge's own prompt, so it is exactly what the judge read.
 */
import type { AnnotationInfo } from '../../../../shared/contract/game';
import { actionOf, type EventRecord } from '../../core/events';
import type { AnnotationHooks } from '../../capabilities/annotation/provision';

type Item = ReturnType<AnnotationHooks['item']>;

/** The text between two of the judge prompt's markers; each value in it is a JSON dump with no raw newline. */
function between(prompt: string, start: string, end: string): string | null {
  const from = prompt.indexOf(`${start}\n`);
  if (from < 0) return null;
  const to = prompt.indexOf(`\n${end}`, from + start.length + 1);
  return to < 0 ? null : prompt.slice(from + start.length + 1, to);
}

const parsed = (json: string | null): unknown => {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
};

/** One `{"AI": …}` answer block as its text (the raw block when it is not JSON). */
function answerIn(prompt: string, start: string, end: string): string {
  const raw = between(prompt, start, end);
  const value = parsed(raw) as { AI?: unknown } | null;
  return typeof value?.AI === 'string' ? value.AI : (raw ?? '');
}

/** The dialogue history the judge read, `[{"user": …} | {"AI": …}]`, as (speaker, text) turns. */
export function dialogueIn(prompt: string): { user: boolean; text: string }[] {
  const value = parsed(between(prompt, '[The Start of the Dialogue History]', '[The End of the Dialogue History]'));
  if (!Array.isArray(value)) return [];
  return value.flatMap((m: unknown): { user: boolean; text: string }[] => {
    const turn = (m ?? {}) as { user?: unknown; AI?: unknown };
    if (typeof turn.user === 'string') return [{ user: true, text: turn.user }];
    return typeof turn.AI === 'string' ? [{ user: false, text: turn.AI }] : [];
  });
}

/** The prompt the judge answered with this event: the last one sent to its seat in the event's round. */
function judgePromptOf(event: EventRecord, events: readonly EventRecord[]): string {
  const prompts = events.filter((e) => e.kind === 'prompt' && e.to === event.from && e.round === event.round && e.idx < event.idx);
  return prompts.at(-1)?.text ?? '';
}

/** The script before its last query as rounds (a user message and the reply to it), and that last query. */
function scriptOf(prompt: string): { context: Item['context']; query: string } {
  const turns = dialogueIn(prompt);
  const last = turns.at(-1);
  const query = last?.user ? last.text : '';
  const before = last?.user ? turns.slice(0, -1) : turns;
  const context: Item['context'] = [];
  for (const t of before) {
    if (t.user || context.length === 0) context.push({ round: context.length + 1, prompt: t.user ? t.text : '', reply: t.user ? '' : t.text, label: null });
    else context.at(-1)!.reply += (context.at(-1)!.reply ? '\n' : '') + t.text;
  }
  return { context, query };
}

function singleItem(event: EventRecord, events: readonly EventRecord[]): Item {
  const prompt = judgePromptOf(event, events);
  const { context, query } = scriptOf(prompt);
  const answer = answerIn(prompt, '[The Start of the Last Response]', '[The End of the Last Response]');
  return { prompt: `${query}\n\nAnswer: ${answer}`, context, question: query, answers: [{ label: 'Answer', text: answer }] };
}

function pairwiseItem(event: EventRecord, events: readonly EventRecord[]): Item {
  const prompt = judgePromptOf(event, events);
  const { context, query } = scriptOf(prompt);
  const a = answerIn(prompt, '[The Start of Candidate Response A]', '[The End of Candidate Response A]');
  const b = answerIn(prompt, '[The Start of Candidate Response B]', '[The End of Candidate Response B]');
  return { prompt: `${query}\n\nResponse A: ${a}\n\nResponse B: ${b}`, context, question: query, answers: [{ label: 'Response A', text: a }, { label: 'Response B', text: b }] };
}

const RATINGS = Array.from({ length: 10 }, (_, i) => ({ id: String(i + 1), label: String(i + 1), key: String((i + 1) % 10) }));

const singleInfo: AnnotationInfo = {
  producer: 'judge',
  itemNoun: 'judge rating',
  itemsNoun: 'judge ratings',
  labelNoun: 'rating',
  labels: RATINGS,
  groups: { label: 'judgeRating', model: 'judgeModel', tag: 'kind' },
  guidelines:
    'Rate the answer to the last query from 1 (useless) to 10 (what the simulated system would really say): ' +
    'how well it follows the script and the dialogue so far (T), not how long or polite it is. Keys 1–9, and 0 for 10.\n\n' +
    "Give your own rating even when the judge's is close; press Q when the answer cannot be rated.",
  columns: { prompt: 'query_and_answer', text: 'judge_reply' },
  recompute: {
    metrics: ['score'],
    note: "Score is recomputed with the annotators' rating of each annotated script (their majority; an even split keeps the judge's), so it is the tested model's mean as people rated it.",
  },
  scale: 'ordinal',
};

const pairwiseInfo: AnnotationInfo = {
  producer: 'judge',
  itemNoun: 'judge verdict',
  itemsNoun: 'judge verdicts',
  labelNoun: 'verdict',
  labels: [
    { id: 'A', label: 'A better', key: '1' },
    { id: 'B', label: 'B better', key: '2' },
    { id: 'C', label: 'Tie', key: '3' },
  ],
  groups: { label: 'judgeVerdict', model: 'judgeModel', tag: 'kind' },
  guidelines:
    'Say which answer to the last query better does what the script asks (1: A, 2: B, 3: a tie), judging what they say, not their length ' +
    'or the order they are shown in.\n\nPress Q when neither can be judged.',
  columns: { prompt: 'query_and_answers', text: 'judge_reply' },
  recompute: {
    metrics: ['win', 'tie', 'lose', 'flip'],
    note: "Win, tie, lose and order flips are recomputed with the annotators' verdict for each annotated order (their majority); an order nobody annotated keeps the judge's verdict.",
  },
  scale: 'nominal',
  producerMetrics: ['flip'],
};

const target = { role: 'judge', kind: 'response', needsCall: true, labelled: true } as const;

export const singleAnnotation: AnnotationHooks = {
  info: singleInfo,
  target,
  labelKey: 'rating',
  item: singleItem,
  relabel: (event, label) => ({ ...event, action: { ...actionOf(event), rating: Number(label) } }),
};

export const pairwiseAnnotation: AnnotationHooks = {
  info: pairwiseInfo,
  target,
  labelKey: 'verdict',
  item: pairwiseItem,
  relabel: (event, label) => ({ ...event, action: { ...actionOf(event), verdict: label } }),
};
