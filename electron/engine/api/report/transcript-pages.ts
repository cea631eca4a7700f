/**
 * The report's pages over episodes: each run's list of episodes, each episode's transcript, and each
 * instance played more than once in the report side by side (a person's game beside the models' on the
 * same item). Transcripts are the API's own view (`openTranscript`) drawn the way the app's generic
 * transcript draws any game: every event in order, who to whom, the words, the images, what the game
 * read, its marks and a person's hints, so every game shows without knowing any of them.
 */
import type { EventView, HintView, TranscriptView } from '../../../../shared/api/contract';
import { episodeValue, outcomeName, scoresLine } from '../../../../shared/contract/game';
import { mediaSha } from '../../../../shared/contract/content';
import type { Game } from '../../core/game';
import { openTranscript } from '../transcripts';
import { gameById } from '../../games/registry';
import type { EpisodeRow, RunRow, Store } from '../../store/store';
import { esc, h, page, t } from './html';
import { plural } from './tables';

const EXTENSION: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/gif': 'gif', 'image/webp': 'webp', 'image/bmp': 'bmp', 'image/svg+xml': 'svg' };

export const episodePage = (id: number): string => `episodes/${id}.html`;
export const comparePage = (instanceId: number): string => `compare/${instanceId}.html`;

/** The images the pages show, each written once under its content hash. */
export class MediaFiles {
  readonly files = new Map<string, Uint8Array>();
  private readonly paths = new Map<string, string | null>();
  constructor(private readonly store: Store) {}

  /** The image's path in the report, or null when the store no longer has it (the page says so). */
  pathOf(ref: string): string | null {
    if (this.paths.has(ref)) return this.paths.get(ref)!;
    let path: string | null = null;
    try {
      const sha = mediaSha(ref);
      const blob = this.store.media.get(sha);
      path = `media/${sha}.${EXTENSION[blob.mime] ?? 'bin'}`;
      this.files.set(path, new Uint8Array(blob.bytes));
    } catch {
      path = null;
    }
    this.paths.set(ref, path);
    return path;
  }
}

/** Who an episode is about, for a column's head: the players of the roles the game ranks, else every seat. */
function playersOf(view: TranscriptView, game: Game<unknown>): string {
  const ranked = view.episode.seats.filter((s) => game.roles.find((r) => r.id === s.role)?.subject);
  return [...new Set((ranked.length ? ranked : view.episode.seats).map((s) => s.player))].join(', ');
}

function outcomeText(view: TranscriptView, game: Game<unknown>): string {
  const e = view.episode;
  if (e.status !== 'done' || !e.outcome) return e.status;
  return `${outcomeName(game.view, e.outcome, e.scores)}${e.invalid ? ` (marked invalid: ${e.invalid})` : ''}`;
}

function hintNote(hint: HintView): string {
  return h('div', { class: 'hint', 'data-hint': '' }, t('strong', {}, `Hint asked in round ${hint.round} (${hint.model}): `) + esc(hint.text));
}

/** Every event of the episode, with its marks, hints before the reply they helped with, and images from the report's media folder. */
export function eventList(view: TranscriptView, media: MediaFiles, root: string): string {
  const marks = new Map(view.marks.map((m) => [m.round, m.marks]));
  const hintsAt = new Map<number, HintView[]>();
  const hintsLeft: HintView[] = [];
  for (const hint of view.hints ?? []) {
    const reply = view.events.find((e) => e.round === hint.round && e.typedBy);
    if (reply) hintsAt.set(reply.idx, [...(hintsAt.get(reply.idx) ?? []), hint]);
    else hintsLeft.push(hint);
  }
  const item = (e: EventView) => {
    const classes = ['event', `kind-${e.kind}`, e.from === null ? 'from-game' : '', e.valid === false ? 'invalid' : '', e.typedBy ? 'by-person' : ''].filter(Boolean).join(' ');
    const head =
      esc(`round ${e.round} · ${e.kind} · ${e.from ?? 'game'}${e.to ? ` → ${e.to}` : ''}`) +
      (e.typedBy ? esc(` · typed by ${e.typedBy}`) : '') +
      (e.valid === false ? t('span', { class: 'chip invalid' }, 'invalid') : '') +
      (marks.get(e.round) ?? []).map((m) => t('span', { class: 'chip' }, m)).join('');
    let images = 0;
    const pictures = (e.parts ?? []).map((p) => {
      if (p.type !== 'image') return '';
      images += 1;
      const path = media.pathOf(p.ref);
      const caption = p.name ?? `image ${images}`;
      return path
        ? h('figure', { class: 'image' }, h('img', { src: `${root}${path}`, alt: `${caption} (round ${e.round})`, loading: 'lazy' }) + t('figcaption', { class: 'meta' }, caption))
        : t('p', { class: 'notice' }, `${caption}: this image is not in the database.`);
    });
    return h(
      'li',
      { class: classes, 'data-idx': e.idx, 'data-kind': e.kind },
      (hintsAt.get(e.idx) ?? []).map(hintNote).join('') +
        h('div', { class: 'who' }, head) +
        (e.text !== null && e.text !== '' ? t('pre', { class: 'text', 'data-text': '' }, e.text) : '') +
        pictures.join('') +
        (e.action !== null && e.action !== undefined ? t('code', { class: 'action' }, JSON.stringify(e.action)) : '') +
        (e.flags.length ? h('p', { class: 'flags' }, e.flags.map((f) => t('code', {}, f)).join(' ')) : ''),
    );
  };
  return h('ol', { class: 'events', 'aria-label': 'Events' }, view.events.map(item).join('')) + hintsLeft.map(hintNote).join('');
}

/** The lines under an episode's title: game, dataset, tags, seats, scores, error. */
function episodeFacts(view: TranscriptView, game: Game<unknown>): string {
  const e = view.episode;
  const instance = e.instanceView;
  const where = [`${game.shortTitle} · ${e.dataset}/${instance.subset}`, instance.key !== instance.name ? `${game.view.nouns.instance} ${instance.key}` : '', ...Object.entries(instance.tags).map(([k, v]) => `${k} ${v}`)].filter(Boolean).join(' · ');
  const seats = e.seats.map((s) => `${game.roles.find((r) => r.id === s.role)?.label ?? s.seat}: ${s.player}${s.kind === 'human' ? ' (a person)' : ''}`).join(' · ');
  return (
    t('p', { class: 'meta' }, where) +
    t('p', { class: 'meta', 'data-seats': '' }, seats) +
    t('p', { 'data-outcome': '' }, `${outcomeText(view, game)}${view.hinted ? ' · hinted (the person asked a hint model for help)' : ''}`) +
    (e.scores ? t('p', { class: 'meta', 'data-scores': '' }, scoresLine(game.metrics, e.scores)) : '') +
    (e.error ? t('p', { class: 'notice' }, `Error: ${e.error}`) : '')
  );
}

/**
 * Every episode of the report's runs: its transcript page, its run's list, and a side-by-side page for
 * each instance the report played more than once (linked from each of its episodes): path → HTML.
 */
export function episodePages(store: Store, runs: readonly RunRow[], media: MediaFiles, generator: string): Map<string, string> {
  const pages = new Map<string, string>();
  const byInstance = new Map<number, { view: TranscriptView; run: RunRow }[]>();
  const episodesOf = new Map<number, EpisodeRow[]>();
  for (const run of runs) {
    const rows = store.episodes.list(run.id);
    episodesOf.set(run.id, rows);
    for (const row of rows) {
      const view = openTranscript(store, row.id, row);
      byInstance.set(row.instance.id, [...(byInstance.get(row.instance.id) ?? []), { view, run }]);
    }
  }
  const shared = (instanceId: number) => (byInstance.get(instanceId)?.length ?? 0) > 1;
  for (const [instanceId, column] of byInstance) {
    for (const { view, run } of column) pages.set(episodePage(view.episode.id), transcriptPage(view, run, shared(instanceId) ? column.length : 0, generator, media));
    if (shared(instanceId)) pages.set(comparePage(instanceId), sideBySidePage(column, generator, media));
  }
  for (const run of runs) pages.set(`runs/${run.id}.html`, runListPage(run, episodesOf.get(run.id)!, shared, generator));
  return pages;
}

function transcriptPage(view: TranscriptView, run: RunRow, together: number, generator: string, media: MediaFiles): string {
  const game = gameById(view.episode.game);
  const e = view.episode;
  const nav = [
    h('a', { href: `../runs/${run.id}.html` }, esc(`← Run #${run.id}`)),
    together ? h('a', { href: `../${comparePage(e.instanceView.id)}`, 'data-compare': '' }, esc(`Side by side: the ${together} episodes on this ${game.view.nouns.instance}`)) : '',
    view.neighbours?.previous ? h('a', { href: `${view.neighbours.previous}.html`, rel: 'prev' }, 'previous episode') : '',
    view.neighbours?.next ? h('a', { href: `${view.neighbours.next}.html`, rel: 'next' }, 'next episode') : '',
  ].filter(Boolean);
  const body =
    h('nav', { class: 'links' }, nav.join('')) +
    t('h1', {}, `${e.instance} · repetition ${e.repetition}`) +
    episodeFacts(view, game) +
    eventList(view, media, '../');
  return page({ title: `Episode ${e.id}: ${e.instance}`, root: '../', generator, crumbs: esc(`run #${run.id} · episode ${e.id}`) }, body);
}

function sideBySidePage(episodes: readonly { view: TranscriptView; run: RunRow }[], generator: string, media: MediaFiles): string {
  // People first, then the models by run and repetition: the person's game is the one read against the others.
  const person = (view: TranscriptView) => (view.episode.seats.some((s) => s.kind === 'human') ? 0 : 1);
  const column = [...episodes].sort((a, b) => person(a.view) - person(b.view) || a.run.id - b.run.id || a.view.episode.repetition - b.view.episode.repetition);
  const first = column[0]!.view.episode;
  const game = gameById(first.game);
  const columns = column.map(({ view, run }) =>
    h(
      'section',
      { 'data-episode': view.episode.id },
      h('h2', {}, h('a', { href: `../${episodePage(view.episode.id)}` }, esc(playersOf(view, game)))) +
        t('p', { class: 'meta' }, `run #${run.id} · repetition ${view.episode.repetition} · ${outcomeText(view, game)}${view.hinted ? ' · hinted' : ''}`) +
        (view.episode.scores ? t('p', { class: 'meta' }, scoresLine(game.metrics, view.episode.scores)) : '') +
        eventList(view, media, '../'),
    ),
  );
  const body = t('h1', {}, `${first.instance}: ${plural(column.length, 'episode')} side by side`) + t('p', { class: 'meta' }, `${game.shortTitle} · ${first.dataset}/${first.instanceView.subset}`) + h('div', { class: 'columns' }, columns.join(''));
  return page({ title: `${first.instance} side by side`, root: '../', generator, crumbs: esc(first.instance) }, body);
}

function runListPage(run: RunRow, episodes: readonly EpisodeRow[], shared: (instanceId: number) => boolean, generator: string): string {
  const game = gameById(run.game);
  const columns = game.view.episodeColumns.flatMap((key) => game.metrics.filter((m) => m.key === key));
  const head = ['Episode', game.view.nouns.instance, 'rep', 'outcome', ...columns.map((m) => m.label), ''].map((x) => t('th', { scope: 'col' }, x)).join('');
  const rows = episodes.map((e) => {
    const outcome = e.status === 'done' && e.outcome ? `${outcomeName(game.view, e.outcome, e.scores)}${e.invalid ? ' (invalid)' : ''}` : e.status;
    return h(
      'tr',
      { 'data-episode': e.id },
      h('th', { scope: 'row' }, h('a', { href: `../${episodePage(e.id)}` }, `#${e.id}`)) +
        t('td', {}, e.instance.name) +
        t('td', { class: 'num' }, String(e.repetition)) +
        t('td', {}, outcome) +
        columns.map((m) => t('td', { class: 'num' }, e.scores?.[m.key] === undefined ? '' : episodeValue(m, e.scores[m.key]!))).join('') +
        h('td', {}, shared(e.instance.id) ? h('a', { href: `../${comparePage(e.instance.id)}` }, 'side by side') : ''),
    );
  });
  const seats = run.seats.map((s) => `${game.roles.find((r) => r.id === s.role)?.label ?? s.seat}: ${s.player}`).join(' · ');
  const body =
    t('h1', {}, `Run #${run.id}${run.name ? ` “${run.name}”` : ''}`) +
    t('p', { class: 'meta' }, `${game.shortTitle} · ${run.datasetName}/${run.subset} · ${run.status} · ${plural(episodes.length, 'episode')}`) +
    t('p', { class: 'meta' }, seats) +
    h('div', { class: 'table-scroll' }, h('table', { class: 'data', 'data-view': 'episodes' }, h('thead', {}, h('tr', {}, head)) + h('tbody', {}, rows.join(''))));
  return page({ title: `Run #${run.id}`, root: '../', generator, crumbs: esc(`run #${run.id}`) }, body);
}
