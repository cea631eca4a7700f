import { episodeValue } from '../../../shared/contract/game';
import { RunNoteSchema, RunTagSchema } from '../../../shared/contract/run';
import { orderSeats } from '../../engine/api/views';
import { gameById } from '../../engine/games/registry';
import { UserError } from '../../engine/errors';
import { normalizeTags } from '../../engine/store/runs';
import { CliError, openStore, parseId } from '../context';
import { shortTime, table } from '../format';

export function runsCommand(flags: { json?: boolean; db?: string; tag?: string }): number {
  const store = openStore(flags.db, { create: false });
  try {
    const wanted = flags.tag?.trim().toLowerCase();
    const runs = store.runs.list().filter((r) => !wanted || r.tags.includes(wanted));
    if (flags.json) {
      console.log(JSON.stringify(runs.map(({ config: _config, ...rest }) => rest), null, 2));
      return 0;
    }
    if (runs.length === 0 && wanted) {
      console.log(`No run in ${store.path} has the tag "${wanted}".`);
      return 0;
    }
    if (runs.length === 0) {
      console.log(`No runs yet in ${store.path}. Start one with \`parlor run\`.`);
      return 0;
    }
    console.log(
      table(
        ['id', 'status', 'game', 'dataset', 'players', 'episodes', 'errors', 'successes', 'created', 'tags', 'note'],
        runs.map((r) => {
          const game = gameById(r.game);
          const players = orderSeats(r.seats, game).map((s) => (game.roles.find((x) => x.id === s.role)?.subject ? s.player : `${s.seat} ${s.player}`));
          return [r.id, r.status, r.game, `${r.datasetName}/${r.subset}`, players.join(' · '), `${r.done}/${r.episodes}`, r.errors, r.outcomes.success, shortTime(r.createdAt), r.tags.join(' '), clip(r.note, 40)];
        }),
      ),
    );
    return 0;
  } finally {
    store.close();
  }
}

function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** `runs tag|untag|note <run> …`: a run's tags and note, as the run page edits them. */
export function runsLabelCommand(action: string, runText: string | undefined, words: string[], flags: { db?: string }): number {
  if (!['tag', 'untag', 'note'].includes(action)) throw new UserError(`Unknown runs action "${action}": use tag, untag or note (or no action to list runs).`);
  if (runText === undefined) throw new UserError(`Which run? Usage: parlor runs ${action} <run> ${action === 'note' ? '<text>' : '<tag>...'}`);
  const store = openStore(flags.db, { create: false });
  try {
    const runId = parseId(runText, 'Run id');
    if (action === 'note') {
      // The same checks as the run page's (the API's runs.label): at most MAX_RUN_NOTE characters, plain text.
      const text = words.join(' ');
      const note = RunNoteSchema.safeParse(text);
      if (!note.success) {
        const issue = note.error.issues[0]!;
        throw new CliError(`The note is refused: ${issue.message}${issue.code === 'too_big' ? ` (it has ${text.length.toLocaleString('en-US')})` : ''}.`);
      }
      store.runs.setNote(runId, note.data);
      console.log(words.join(' ').trim() ? `Run ${runId}: note saved.` : `Run ${runId}: note cleared.`);
      return 0;
    }
    if (words.length === 0) throw new UserError(`Name at least one tag: parlor runs ${action} ${runId} <tag>...`);
    store.runs.get(runId); // an unknown run: one line, not a crash on its missing row
    const current = store.runs.list(runId)[0]!.tags;
    for (const word of words) {
      const tag = RunTagSchema.safeParse(word);
      if (!tag.success) throw new CliError(`The tag "${word.slice(0, 20)}" is refused: ${tag.error.issues[0]!.message}.`);
    }
    const given = normalizeTags(words);
    const next = action === 'tag' ? [...current, ...given] : current.filter((t) => !given.includes(t));
    const saved = store.runs.setTags(runId, next);
    console.log(`Run ${runId} tags: ${saved.length ? saved.join(' ') : '(none)'}`);
    return 0;
  } finally {
    store.close();
  }
}

export function episodesCommand(runText: string, flags: { db?: string }): number {
  const store = openStore(flags.db, { create: false });
  try {
    const run = store.runs.get(parseId(runText, 'Run id'));
    const game = gameById(run.game);
    const columns = game.view.episodeColumns.map((key) => game.metrics.find((m) => m.key === key)!);
    const rows = store.episodes.list(run.id).map((e) => [
      e.id,
      e.instance.name,
      e.repetition,
      e.status,
      e.outcome ? game.view.outcomeLabels[e.outcome] : '',
      ...columns.map((m) => {
        const v = e.scores?.[m.key];
        return v === undefined ? '' : episodeValue(m, v);
      }),
      e.error ?? '',
    ]);
    console.log(table(['episode', game.view.nouns.instance, 'rep', 'status', 'outcome', ...columns.map((m) => m.label.toLowerCase()), 'error'], rows));
    return 0;
  } finally {
    store.close();
  }
}
