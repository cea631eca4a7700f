/**
 * Scripted model behaviours of the loopback mock provider. They are deterministic functions of
 * the request (and the request's `seed`), so tests can predict every game.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface WireMessage {
  role: string;
  content: string;
}

function hash(...parts: (string | number)[]): number {
  return createHash('sha256').update(parts.join('\u0000')).digest().readUInt32BE(0);
}

const JUDGE_PROMPT = /knowledge about the (entity|celebrity): ([\s\S]+?),? respond to the following[\s\S]*Question\/Guess: ([\s\S]*?)\s*\((?:Yes\/No\/(?:Maybe|Dunno))\)\s*$/;

/** A judge that knows a little: words of the entity in the question mean Yes, otherwise a fixed coin. */
export function mockJudge(prompt: string): string {
  const match = JUDGE_PROMPT.exec(prompt);
  if (!match) return 'Maybe.';
  const [, kind, entity, question] = match as unknown as [string, string, string, string];
  const words = entity.toLowerCase().split(/[^\p{L}]+/u).filter((w) => w.length > 3);
  if (words.some((w) => question.toLowerCase().includes(w))) return 'Yes.';
  const roll = hash(entity, question) % 100;
  if (roll < 30) return 'Yes.';
  if (roll < 88) return 'No.';
  return kind === 'celebrity' ? 'Dunno.' : 'Maybe.';
}

const GENERIC = [
  'Is it a living thing?',
  'Is it man-made?',
  'Can it be held in one hand?',
  'Is it electronic?',
  'Is it found indoors?',
  'Is it used for entertainment?',
  'Is it made of metal?',
  'Is it bigger than a car?',
  'Is it an animal?',
  'Is it edible?',
];
const GENERIC_PEOPLE = [
  'Is the celebrity alive?',
  'Is the celebrity male?',
  'Is the celebrity an actor?',
  'Is the celebrity American?',
  'Is the celebrity a musician?',
  'Was the celebrity born before 1950?',
  'Is the celebrity an athlete?',
  'Has the celebrity won an Oscar?',
];

const pools = new Map<string, string[]>();
function candidates(kind: 'things' | 'celebrities'): string[] {
  let pool = pools.get(kind);
  if (!pool) {
    const file = new URL(`../../datasets/eda/${kind}/test.txt`, import.meta.url);
    pool = readFileSync(file, 'utf8').split('\n').map((l) => l.split('|')[0]!.trim()).filter(Boolean);
    pools.set(kind, pool);
  }
  return pool;
}

/**
 * A guesser that asks a few generic questions and otherwise guesses entities of the test split it
 * has not guessed yet; it always guesses when told to. Seeded by the request `seed` and the dialogue.
 */
export function mockGuesser(messages: readonly WireMessage[], seed: number): string {
  const first = messages[0]?.content ?? '';
  const kind = /celebrity/i.test(first) ? 'celebrities' : 'things';
  if (/top 5 most likely/i.test(messages.at(-1)?.content ?? '')) return mockTop5(messages, seed, kind);
  const asked = messages.filter((m) => m.role === 'assistant').map((m) => m.content);
  const last = messages.at(-1)?.content ?? '';
  const dialogue = messages.map((m) => m.content).join('\n');
  const roll = hash(seed, dialogue);
  const generic = kind === 'celebrities' ? GENERIC_PEOPLE : GENERIC;
  if (!/must guess/i.test(last) && roll % 100 < 55) {
    const fresh = generic.filter((q) => !asked.includes(q));
    if (fresh.length) return fresh[roll % fresh.length]!;
  }
  const pool = candidates(kind).filter((c) => !asked.some((q) => q.includes(c)));
  const pick = pool[roll % Math.max(1, pool.length)] ?? 'a thing';
  return kind === 'celebrities' ? `Is the celebrity ${pick}?` : `Is it a ${pick.toLowerCase()}?`;
}

/**
 * A probed guesser's top 5: a numbered list from the test split that keeps its candidates while
 * answers are Yes and draws new ones after each No (so some turns eliminate all five).
 */
function mockTop5(messages: readonly WireMessage[], seed: number, kind: 'things' | 'celebrities'): string {
  const noes = messages.filter((m) => m.role === 'user' && /^\s*no\b/i.test(m.content)).length;
  const pool = candidates(kind);
  const start = hash(seed, kind, noes) % pool.length;
  return Array.from({ length: 5 }, (_, i) => `${i + 1}. ${pool[(start + i * 7) % pool.length]}`).join('\n');
}

/**
 * A failure-mode tagger: reads the transcript's `Turn N. Q: … A: …` lines and tags every question
 * asked before (same words, any case) as redundancy, in a fenced JSON block after a sentence of prose.
 */
export function mockTagger(prompt: string): string {
  const seen = new Map<string, number>();
  const tags: { turn: number; mode: string; reason: string }[] = [];
  for (const match of prompt.matchAll(/^Turn (\d+)\. Q: (.*?) A: /gm)) {
    const question = match[2]!.trim().toLowerCase();
    const earlier = seen.get(question);
    if (earlier !== undefined) tags.push({ turn: Number(match[1]), mode: 'redundancy', reason: `repeats turn ${earlier}` });
    else seen.set(question, Number(match[1]));
  }
  return `Here are the failures I found:\n\`\`\`json\n${JSON.stringify(tags)}\n\`\`\``;
}

/** Rough token counts, so usage is realistic enough to test accounting. */
export function countTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}
