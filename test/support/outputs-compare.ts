/**
 * Comparing two output dumps (`outputs-dump.ts`): the first differing JSON paths with both values,
 * short, instead of a giant diff; and what legitimately differs between two builds of one fixture
 * (the same plays into two files) taken out, so that everything else — events, call request bodies,
 * scores, exports, transcripts — must be equal.
 */

type Json = unknown;
type Dict = Record<string, Json>;

const isObject = (v: Json): v is Dict => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A value in a line: strings quoted and cut, objects and arrays as short JSON. */
function short(value: Json, max = 100): string {
  const text = value === undefined ? '(absent)' : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Two strings around where they first differ. */
function stringDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = Math.max(0, i - 30);
  const cut = (s: string) => `${from > 0 ? '…' : ''}${s.slice(from, i + 50)}${s.length > i + 50 ? '…' : ''}`;
  const line = a.slice(0, i).split('\n').length;
  return `at character ${i} (line ${line}): ${JSON.stringify(cut(a))} ≠ ${JSON.stringify(cut(b))}`;
}

/** The paths where `actual` differs from `expected`, each with both values; at most `limit`, and how many in all. */
export function differences(expected: Json, actual: Json, limit = 20): { count: number; lines: string[] } {
  const lines: string[] = [];
  let count = 0;
  const add = (path: string, text: string) => {
    count++;
    if (lines.length < limit) lines.push(`${path || '/'}: ${text}`);
  };
  const walk = (e: Json, a: Json, path: string) => {
    if (Object.is(e, a)) return;
    if (Array.isArray(e) && Array.isArray(a)) {
      if (e.length !== a.length) add(`${path}.length`, `expected ${e.length}, got ${a.length}`);
      for (let i = 0; i < Math.min(e.length, a.length); i++) walk(e[i], a[i], `${path}/${i}`);
      return;
    }
    if (isObject(e) && isObject(a)) {
      for (const key of new Set([...Object.keys(e), ...Object.keys(a)])) {
        if (!(key in a)) add(`${path}/${key}`, `missing (expected ${short(e[key], 60)})`);
        else if (!(key in e)) add(`${path}/${key}`, `unexpected (got ${short(a[key], 60)})`);
        else walk(e[key], a[key], `${path}/${key}`);
      }
      return;
    }
    if (typeof e === 'string' && typeof a === 'string') add(path, stringDifference(e, a));
    else add(path, `expected ${short(e)}, got ${short(a)}`);
  };
  walk(expected, actual, '');
  return { count, lines };
}

/** A failure message: how many paths differ and the first of them. */
export function differenceReport(what: string, expected: Json, actual: Json, limit = 20): string | null {
  const { count, lines } = differences(expected, actual, limit);
  if (count === 0) return null;
  return `${what}: ${count} JSON path${count === 1 ? '' : 's'} differ${count === 1 ? 's' : ''}${count > lines.length ? ` (the first ${lines.length})` : ''}:\n  ${lines.join('\n  ')}`;
}

const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g;
const TABLE_TIME = /\d{4}-\d{2}-\d{2} \d{2}:\d{2}(?::\d{2})?/g;
const DATE = /\b\d{4}-\d{2}-\d{2}\b/g;
const UUID = /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/g;
const MOCK_URL = /http:\/\/127\.0\.0\.1:\d+/g;
/** The mock's answer ids and times (`chatcmpl-mock-<ms>`, `msg_mock_<ms>`, `"created": <s>`). */
const MOCK_IDS: [RegExp, string][] = [
  [/chatcmpl-mock-\d+/g, 'chatcmpl-mock-<n>'],
  [/msg_mock_\d+/g, 'msg_mock_<n>'],
  [/"created":\s*\d+/g, '"created":<n>'],
];
/** `parlor show --calls`: `#12 round 3 guesser attempt 1 ok 14 ms`. */
const CALL_LATENCY = /( attempt \d+ \S+(?: HTTP \d+)?) (?:\d+|\?) ms/g;
/** Keys whose value is a clock reading, a process's or a machine's: compared as present, not by value. */
const VOLATILE_KEYS = new Set(['latencyMs', 'pid', 'host']);

/**
 * A dump with what differs between two builds of the same plays written as placeholders:
 * timestamps, latencies, process ids and host names, uids (numbered by first appearance, so rows still match rows),
 * the loopback mock's port and answer ids, the seeds of people's games (random by design: the numbers
 * given), and the folders the plays wrote their files in (`work`).
 */
export function normaliseBuild(dump: Json, options: { seeds?: readonly number[]; folders?: readonly string[] } = {}): Json {
  const uuids = new Map<string, string>();
  const seeds = new Set(options.seeds ?? []);
  const seedText = seeds.size ? new RegExp(`(?<!\\d)(?:${[...seeds].join('|')})(?!\\d)`, 'g') : null;
  const folders = [...(options.folders ?? [])].sort((a, b) => b.length - a.length);
  const text = (s: string): string => {
    let out = s;
    for (const folder of folders) out = out.split(folder).join('<work>');
    out = out.replace(ISO_TIME, '<time>').replace(TABLE_TIME, '<time>').replace(DATE, '<date>').replace(MOCK_URL, '<mock>').replace(CALL_LATENCY, '$1 <n> ms');
    for (const [pattern, to] of MOCK_IDS) out = out.replace(pattern, to);
    out = out.replace(UUID, (u) => {
      if (!uuids.has(u)) uuids.set(u, `<uuid-${uuids.size + 1}>`);
      return uuids.get(u)!;
    });
    if (seedText) out = out.replace(seedText, '<seed>');
    return out;
  };
  const walk = (v: Json, key: string | null): Json => {
    if (key !== null && VOLATILE_KEYS.has(key) && (typeof v === 'number' || typeof v === 'string' || v === null)) return v === null ? null : `<${key}>`;
    if (key === 'created' && typeof v === 'number') return '<n>';
    if (typeof v === 'number') return seeds.has(v) ? '<seed>' : v;
    if (typeof v === 'string') return text(v);
    if (Array.isArray(v)) return v.map((x) => walk(x, null));
    if (isObject(v)) return Object.fromEntries(Object.entries(v).map(([k, x]) => [text(k), walk(x, k)]));
    return v;
  };
  return walk(dump, null);
}

/** The seeds of people's games in a dump: their runs' seeds and their episodes' (drawn at random by design). */
export function humanSeeds(dump: Json): number[] {
  const api = (dump as { api?: { runs?: Dict; episodes?: Dict } }).api ?? {};
  const seeds: number[] = [];
  for (const run of Object.values(api.runs ?? {})) {
    const get = (run as { get?: { seed?: number; summary?: { seats?: { kind?: string; playerKind?: string; player?: string }[] } } }).get;
    const human = get?.summary?.seats?.some((s) => s.kind === 'human' || s.playerKind === 'human' || s.player?.startsWith('human:'));
    if (human && typeof get?.seed === 'number') seeds.push(get.seed);
  }
  for (const episode of Object.values(api.episodes ?? {})) {
    const view = (episode as { transcript?: { episode?: { seed?: number; seats?: { player?: string }[] } } }).transcript?.episode;
    if (view?.seats?.some((s) => s.player?.startsWith('human:')) && typeof view.seed === 'number') seeds.push(view.seed);
  }
  return [...new Set(seeds)];
}

/** What an event view says when the seat-view keys and its place (id, idx) are left aside. */
const SEAT_VIEW_KEYS = ['message', 'at', 'keep'];
const without = (value: Dict, keys: readonly string[]): Dict => Object.fromEntries(Object.entries(value).filter(([k]) => !keys.includes(k)));
const isEventList = (v: Json): v is Dict[] => Array.isArray(v) && v.every((e) => isObject(e) && typeof e.kind === 'string' && typeof e.idx === 'number');

/**
 * Greedy, in order: each item of `after` that is the next of `before` (by `same`) takes that one's
 * place, an unmatched extra prompt (`isPrompt`) is dropped, anything else stays to be reported.
 */
function alignLists<T>(before: readonly T[], after: readonly T[], same: (b: T, a: T) => boolean, isPrompt: (a: T) => boolean, place: (b: T, a: T) => T): T[] {
  const out: T[] = [];
  let next = 0;
  for (const item of after) {
    const target = before[next];
    if (target !== undefined && same(target, item)) {
      out.push(place(target, item));
      next++;
    } else if (!isPrompt(item)) out.push(item);
  }
  return out;
}

function alignEvents(before: Dict[], after: Dict[]): Dict[] {
  const bare = (e: Dict) => JSON.stringify(without(e, ['id', 'idx', ...SEAT_VIEW_KEYS]));
  return alignLists(
    before,
    after.map((e) => without(e, SEAT_VIEW_KEYS)),
    (b, a) => bare(b) === bare(a),
    (a) => a.kind === 'prompt',
    (b, a) => ({ ...a, id: b.id, idx: b.idx }),
  );
}

const HTML_EVENTS = /<ol class="events" aria-label="Events">([\s\S]*?)<\/ol>/g;
const HTML_EVENT = /<li class="event[^"]*" data-idx="\d+" data-kind="[a-z]+">[\s\S]*?<\/li>/g;
const HTML_IDX = /data-idx="\d+"/;

/** The report's event lists of one page, `after`'s aligned with `before`'s list by list. */
function alignHtml(before: string, after: string): string {
  const lists = [...before.matchAll(HTML_EVENTS)].map((m) => m[1]!);
  if (lists.length === 0) return after;
  let k = 0;
  return after.replace(HTML_EVENTS, (whole, inner: string) => {
    const target = lists[k++];
    if (target === undefined) return whole;
    const items = (s: string) => s.match(HTML_EVENT) ?? [];
    const idxOf = (item: string) => HTML_IDX.exec(item)![0];
    const bare = (item: string) => item.replace(HTML_IDX, '');
    const kept = alignLists(items(target), items(inner), (b, a) => bare(b) === bare(a), (a) => a.includes('data-kind="prompt"'), (b, a) => a.replace(HTML_IDX, idxOf(b)));
    return whole.replace(inner, kept.join(''));
  });
}

/**
 * Issue 29's one record of what each seat saw: the turn kit now records every message a call sends,
 * so a replay of the schema-15 plays holds prompt events the games did not record before (EDA's
 * instruction, each judge prompt, each answer as the guesser reads it; SimulBench's system lines and
 * scripts; MapWorld's earlier messages as the walker remembers them, without their images), and each
 * message event names its role (`message`, `at`, `keep`). This sets exactly those aside in `after`:
 * in every list of an episode's events (the API's transcripts, a person's game state, the HTML
 * report's pages), the prompts that are not, in order, `before`'s are dropped and the rest take
 * `before`'s ids and indices. Everything else, the prompts recorded before included, must still be equal.
 */
export function withoutSeatPrompts(before: Json, after: Json): Json {
  if (isEventList(before) && isEventList(after)) return alignEvents(before, after);
  if (typeof before === 'string' && typeof after === 'string') return after.includes('<ol class="events"') ? alignHtml(before, after) : after;
  if (Array.isArray(before) && Array.isArray(after)) return after.map((a, i) => (i < before.length ? withoutSeatPrompts(before[i], a) : a));
  if (isObject(before) && isObject(after)) return Object.fromEntries(Object.entries(after).map(([k, a]) => [k, k in before ? withoutSeatPrompts(before[k], a) : a]));
  return after;
}
