/**
 * Guess-matching annotation: people check what the match rule (Jaro > 0.8 or a listed synonym) made
 * of each guess. Accepted corrections become rulings in the settings (`synonyms`, `rejected`), with
 * which the core rescores every AGE run.
 */
import type { AnnotationInfo } from '../../../../shared/contract/game';
import { actionOf, type EventRecord } from '../../core/events';
import type { AcceptedLabel, AnnotationHooks, RuleAmendment } from '../../capabilities/annotation/provision';
import { wordKey } from './check';
import { DEFAULT_MATCH_SETTINGS, jaro, jaroExceeds, normalise } from './match';
import type { MatchLabel } from './master';
import { agePair, ageTurns, assessGuess, seatingOf, type SeatWord } from './scoring';
import { AGE_ROLE } from './seating';
import { AgeSettingsSchema, matchSettingsOf } from './settings';
import { fixed } from '../../../../shared/text/number';

/** A reply's guess with the seat's word and the word the guess should name (the other group's). */
interface ReplyGuess {
  guess: string;
  own: string;
  target: string;
  seats: SeatWord[];
}

function guessOfReply(event: EventRecord, events: readonly EventRecord[]): ReplyGuess | null {
  const guess = actionOf(event).guess;
  const seating = seatingOf(events);
  if (typeof guess !== 'string' || !seating) return null;
  const seat = seating.seats.find((s) => s.seat === event.from);
  const other = seat && seating.seats.find((s) => s.group !== seat.group);
  return seat && other ? { guess, own: seat.word, target: other.word, seats: seating.seats } : null;
}

const labelOf = (event: EventRecord | undefined): string | null => {
  const match = event ? actionOf(event).match : undefined;
  return typeof match === 'string' ? match : null;
};

/** What the annotator reads: the guess against the word with its Jaro, and everything said before it. */
function item(event: EventRecord, events: readonly EventRecord[]): ReturnType<AnnotationHooks['item']> {
  const read = guessOfReply(event, events);
  if (!read) return { prompt: '', context: [] };
  const [g, t] = [normalise(read.guess), normalise(read.target)];
  const above = jaroExceeds(g, t, DEFAULT_MATCH_SETTINGS.threshold) ? '>' : '≤';
  const byIdx = new Map(events.map((e) => [e.idx, e]));
  const player = (seat: string) => read.seats.findIndex((s) => s.seat === seat) + 1;
  const wordOf = (seat: string) => read.seats.find((s) => s.seat === seat)?.word ?? '?';
  const context = ageTurns(events.filter((e) => e.idx < event.idx), read.seats).map((turn) => ({
    round: turn.round,
    prompt: `Player ${player(turn.seat)} (${wordOf(turn.seat)}): ${turn.description ?? '(no valid reply)'}`,
    reply: turn.guess === null ? 'no guess' : `guess: ${turn.guess}`,
    label: labelOf(byIdx.get(turn.idx)),
  }));
  return { prompt: `guess: ${read.guess} · word: ${read.target} · Jaro ${fixed(jaro(g, t), 3)} ${above} ${DEFAULT_MATCH_SETTINGS.threshold}`, context };
}

type Book = Record<string, string[]>;

const withGuess = (book: Readonly<Book>, word: string, guess: string): Book => ({ ...book, [word]: [...(book[word] ?? []).filter((x) => wordKey(x) !== guess), guess] });

/** The book without this guess under any spelling of the word; words left with none are dropped. */
function withoutGuess(book: Readonly<Book>, word: string, guess: string): Book {
  const out: Book = {};
  for (const [key, guesses] of Object.entries(book)) {
    const kept = wordKey(key) === word ? guesses.filter((x) => wordKey(x) !== guess) : guesses;
    if (kept.length) out[key] = kept;
  }
  return out;
}

interface GuessVotes {
  word: string;
  guess: string;
  match: number;
  miss: number;
  /** One of its items: the rule's decision is read from its seat and instance. */
  sample: AcceptedLabel;
  read: ReplyGuess;
}

/** Accepted labels grouped by (word, guess), as wordKey reads both, in that order. */
function votesOf(accepted: readonly AcceptedLabel[]): GuessVotes[] {
  const groups = new Map<string, GuessVotes>();
  for (const a of accepted) {
    const read = guessOfReply(a.event, a.events);
    if (!read || (a.accepted !== 'match' && a.accepted !== 'miss')) continue;
    const [word, guess] = [wordKey(read.target), wordKey(read.guess)];
    const key = `${word}\u0000${guess}`;
    const group = groups.get(key) ?? { word, guess, match: 0, miss: 0, sample: a, read };
    group[a.accepted]++;
    groups.set(key, group);
  }
  return [...groups.values()].sort((x, y) => x.word.localeCompare(y.word) || x.guess.localeCompare(y.guess));
}

/**
 * A run's rulings with the accepted labels carried in. A guess takes the majority of its items' accepted
 * labels (a tie leaves it alone); where that differs from what the rule decides under the run's
 * settings now, a match goes to `synonyms[word]` and a miss to `rejected[word]`, and out of the other.
 */
function apply(settingsInput: unknown, accepted: readonly AcceptedLabel[]): RuleAmendment {
  const settings = AgeSettingsSchema.parse(settingsInput);
  const match = matchSettingsOf(settings);
  let synonyms: Book = settings.synonyms;
  let rejected: Book = settings.rejected;
  const changes: string[] = [];
  const unresolved: string[] = [];
  for (const v of votesOf(accepted)) {
    if (v.match === v.miss) {
      unresolved.push(`${v.word}: “${v.guess}” left alone: ${v.match} item(s) ruled it a match, ${v.miss} a miss`);
      continue;
    }
    const verdict: MatchLabel = v.match > v.miss ? 'match' : 'miss';
    const rule = assessGuess(v.read.guess, v.read.own, agePair(v.sample.instance.payload), match).correct;
    if (verdict === 'match' && !rule) {
      synonyms = withGuess(synonyms, v.word, v.guess);
      rejected = withoutGuess(rejected, v.word, v.guess);
      changes.push(`${v.word}: accept “${v.guess}” (synonyms)`);
    } else if (verdict === 'miss' && rule) {
      rejected = withGuess(rejected, v.word, v.guess);
      synonyms = withoutGuess(synonyms, v.word, v.guess);
      changes.push(`${v.word}: reject “${v.guess}” (rejected)`);
    }
  }
  return { overrides: changes.length ? { synonyms, rejected } : {}, changes, unresolved };
}

const info: AnnotationInfo = {
  producer: 'match rule',
  itemNoun: 'guess',
  itemsNoun: 'guesses',
  labelNoun: 'ruling',
  labels: [
    { id: 'match', label: 'Match', key: 'm' },
    { id: 'miss', label: 'Miss', key: 'n' },
  ],
  groups: { label: 'ruling', model: 'playerModel', tag: 'topic' },
  guidelines:
    'A guess is a match when it names the hidden word or a true synonym of it (a spelling variant, a plural, the same thing under another ' +
    'name); a broader, narrower or merely related word is a miss.\n\n' +
    'Rule on the guess itself, not on how the player worded the rest of the reply. Press Q when native speakers would disagree.',
  columns: { prompt: 'guess_check', text: 'reply' },
  recompute: {
    metrics: ['comprehension', 'confusion', 'age'],
    note:
      'Comprehension, confusion and AGE (per seat) are recomputed with the corrected rulings of the annotated guesses. The players never ' +
      'learn a ruling, so what they said stands; but a game ends once both words are guessed, so a corrected match does not shorten it ' +
      'and a game ended by a match now ruled a miss is not played on. The successful-only metrics are not recomputed here.',
  },
  apply: {
    action: 'Apply to the synonym lists and rescore',
    note:
      "An item's ruling is its annotators' majority (ties and ambiguous items are left out); a guess seen in several items takes the majority " +
      'of those, and a tie leaves it alone. Where that differs from what the rule decides under a run\'s settings, a match is added to the ' +
      "word's synonyms and a miss to its rejected guesses (a rejection wins over Jaro and the list's synonyms). Every AGE run whose " +
      'settings change is rescored from its stored events, without a model call.',
  },
};

export const ageAnnotation: AnnotationHooks = {
  info,
  target: { role: AGE_ROLE, kind: 'response', needsCall: true, labelled: true },
  labelKey: 'match',
  item,
  relabel: (event, label) => ({ ...event, action: { ...actionOf(event), ruled: label } }),
  apply,
};
