import { formatEstimate, type AnnotationSpecInput } from '../../../shared/contract/annotation';
import { applyAnnotations } from '../../engine/analysis/apply-annotations';
import { writePack } from '../../engine/annotation/pack';
import * as annotation from '../../engine/annotation/sets';
import { toCsv } from '../../engine/io/csv';
import type { Store } from '../../engine/store/store';
import { checkOutput, CliError, openStore, parseId, plainFlag } from '../context';
import { writeOutput } from '../output';
import { printData } from '../terminal';
import { calibrationLines } from './annotation-calibration';
import { reviewAction } from './annotators';
import { shortTime, table } from '../format';
import { fixed, fixedOr, percentNumber } from '../../../shared/text/number';
import { stratumText } from '../../../shared/text/words';

export interface AnnotationFlags {
  runs?: string;
  name?: string;
  method?: string;
  size?: string;
  strata?: string;
  allocation?: string;
  episodes?: string;
  seed?: string;
  overlap?: string;
  json?: boolean;
  csv?: boolean;
  what?: string;
  format?: string;
  headers?: string;
  out?: string;
  dryRun?: boolean;
  db?: string;
  annotator?: string;
  note?: string;
  items?: string;
  assign?: string;
  force?: boolean;
}

const ids = (text: string | undefined, what: string) => (text ? text.split(',').map((t) => parseId(t.trim(), what)) : undefined);
const int = (text: string | undefined, what: string) => {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) throw new CliError(`${what} must be a whole number, not "${text}".`);
  return Number(text);
};

/** `parlor annotations apply <set> [--dry-run] [--json]`: the set's accepted labels carried into the game's rules, its runs rescored. */
function applyCommand(store: Store, setText: string | undefined, flags: AnnotationFlags): number {
  const r = applyAnnotations(store, parseId(setText ?? '', 'Annotation set id'), !flags.dryRun);
  if (flags.json) return (console.log(JSON.stringify(r, null, 2)), 0);
  console.log(`Set ${r.set.id} "${r.set.name}": ${r.accepted} items with an accepted label, ${r.corrections} differing from the game's own.`);
  for (const line of r.unresolved) console.log(`left alone: ${line}`);
  if (!r.changes.length) return (console.log('Nothing to change: every run already agrees with these labels.'), 0);
  console.log(`${r.written ? 'Applied' : 'Would apply (--dry-run)'}:`);
  for (const line of r.changes) console.log(`  ${line}`);
  console.log(table(['run', 'name', 'changes', 'episodes', r.written ? 'rescored, changed' : 'would change'], r.runs.map((x) => [x.runId, x.name ?? '', x.changes, x.episodes, x.changed])));
  for (const s of r.skipped) console.log(`run ${s.runId} skipped: ${s.reason}`);
  return 0;
}

/** `--items 3,7,10-20`: item ids, one by one or as ranges. */
export function parseItems(text: string): number[] {
  const ids: number[] = [];
  for (const part of text.split(',').map((t) => t.trim()).filter(Boolean)) {
    const range = /^(\d+)\s*-\s*(\d+)$/.exec(part);
    if (range) {
      const [from, to] = [Number(range[1]), Number(range[2])];
      if (from < 1 || to < from || to - from > 1_000_000) throw new CliError(`--items: "${part}" is not a range of item ids (like 10-20).`);
      for (let id = from; id <= to; id++) ids.push(id);
    } else ids.push(parseId(part, '--items: an item id'));
  }
  if (!ids.length) throw new CliError('--items takes item ids: 3,7,10-20.');
  return [...new Set(ids)];
}

/** `--assign i/n`: this annotator's share of a set dealt to n annotators. */
function parseAssign(text: string): { share: number; of: number } {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m || Number(m[1]) < 1 || Number(m[1]) > Number(m[2])) throw new CliError(`--assign takes i/n: this annotator's share i of n annotators (like 2/3), not "${text}".`);
  return { share: Number(m[1]), of: Number(m[2]) };
}

/** `parlor annotations pack <set> --annotator <name> [--items …] [--assign i/n [--overlap k]] -o file.parlor [--force]`. */
function packCommand(store: Store, setText: string | undefined, flags: AnnotationFlags): number {
  const setId = parseId(setText ?? '', 'Annotation set id');
  if (!flags.annotator) throw new CliError('Say who the pack is for: --annotator <name>.');
  if (!flags.out) throw new CliError('Say where to write the pack: -o <file>.parlor.');
  if (flags.overlap !== undefined && !flags.assign) throw new CliError('--overlap goes with --assign i/n (the items every annotator gets).');
  const assign = flags.assign ? { ...parseAssign(flags.assign), ...(flags.overlap !== undefined ? { overlap: int(flags.overlap, '--overlap') } : {}) } : undefined;
  const summary = writePack({
    source: store.path, setId, annotator: plainFlag(flags.annotator, 'The annotator'), out: flags.out, force: flags.force === true,
    ...(flags.items !== undefined ? { items: parseItems(flags.items) } : {}), ...(assign ? { assign } : {}),
  });
  if (flags.json) return (console.log(JSON.stringify(summary, null, 2)), 0);
  const who = summary.annotator.name;
  const size = summary.bytes >= 1e6 ? `${fixed(summary.bytes / 1e6, 1)} MB` : `${Math.max(1, Math.round(summary.bytes / 1e3))} kB`;
  console.log(`Packed set ${summary.set.id} "${summary.set.name}" for ${who}${summary.annotator.added ? ' (new here: added in the pack only)' : ''} into ${summary.out}: ${summary.items.length} items, ${summary.episodes} episodes (${summary.events} events) of ${summary.runs} run${summary.runs === 1 ? '' : 's'}, ${summary.media} image${summary.media === 1 ? '' : 's'}, ${size}.`);
  console.log(`${who} labels it offline (open it in the app, or parlor --db ${summary.out} serve); bring the labels home with: parlor merge ${summary.out}`);
  return 0;
}

/** `parlor annotations create|list|report|export`: the same sets and numbers as the app's Annotate pages. */
export function annotationsCommand(action: string | undefined, args: string[], flags: AnnotationFlags): number {
  const out = action === 'export' && flags.out !== undefined ? checkOutput(flags.out) : undefined;
  const store = openStore(flags.db, { create: action === 'create' });
  try {
    switch (action ?? 'list') {
      case 'list': {
        const sets = store.annotations.listSets().map((row) => annotation.setSummary(store, row));
        if (!sets.length) return (console.log('No annotation sets yet: parlor annotations create --runs <ids> --size 300'), 0);
        console.log(table(['set', 'name', 'method', 'runs', 'items', 'labelled', 'annotators', 'created'], sets.map((s) => [s.id, s.name, s.method, s.runs.join(','), s.items, s.labelledItems, s.annotators.join(', ') || '—', shortTime(s.createdAt)])));
        return 0;
      }
      case 'create': {
        const spec: AnnotationSpecInput = {
          runs: ids(flags.runs, 'Run id') ?? [],
          method: (flags.method ?? (flags.episodes ? 'episodes' : flags.strata ? 'stratified' : 'random')) as AnnotationSpecInput['method'],
          size: int(flags.size, '--size'),
          strata: flags.strata?.split(',').map((s) => s.trim()) as AnnotationSpecInput['strata'],
          allocation: flags.allocation as AnnotationSpecInput['allocation'],
          episodes: ids(flags.episodes, 'Episode id'),
          seed: int(flags.seed, '--seed'),
          overlap: flags.overlap === undefined || flags.overlap === 'all' ? 'all' : int(flags.overlap, '--overlap'),
        };
        const info = spec.runs.length ? annotation.gameOfSpec(store, spec.runs).hooks.info : null;
        const name = flags.name !== undefined ? plainFlag(flags.name, 'The name') : `${info?.producer ?? 'annotation'} check of run${spec.runs.length > 1 ? 's' : ''} ${spec.runs.join(', ')}`;
        const set = annotation.createSet(store, name, Object.fromEntries(Object.entries(spec).filter(([, v]) => v !== undefined)));
        console.log(`Created annotation set ${set.id} "${set.name}": ${set.items} ${info?.itemsNoun ?? 'items'} (${set.method}, seed ${set.seed}).`);
        console.log(`Label them in the app (Annotate), then: parlor annotations report ${set.id}`);
        return 0;
      }
      case 'report': {
        const setId = parseId(args[0] ?? '', 'Annotation set id');
        const r = annotation.results(store, setId);
        if (flags.json) return (console.log(JSON.stringify(r, null, 2)), 0);
        if (flags.csv) return (printData(toCsv(annotation.resultRows(r))), 0);
        const { producer, labelNoun, groups } = r.info;
        // Adjudicated items are named only where there are some: a set without rulings prints what it always did.
        console.log(`Set ${r.set.id} "${r.set.name}" · ${r.items} items · ${r.judged} judged · ${r.ambiguous} ambiguous · ${r.ties} ties · ${r.unlabelled} unlabelled${r.adjudication ? ` · ${r.adjudication.items} adjudicated` : ''}`);
        console.log(`${producer.charAt(0).toUpperCase()}${producer.slice(1)} error rate: ${formatEstimate(r.overall)}`);
        console.log(r.weighting.note);
        if (r.strata.length) {
          console.log('\nstrata (events when drawn; error rate among the judged items, unweighted)');
          console.log(table(['stratum', 'events', 'drawn', 'judged', 'wrong', 'rate'], r.strata.map((s) => [stratumText(s.key), s.population, s.drawn, s.judged, s.wrong, s.rate === null ? '—' : `${percentNumber(s.rate, 2)}%`])));
        }
        for (const group of ['label', 'dataset', 'model', 'tag'] as const) {
          if (r.by[group].length < 2 && group !== 'label') continue;
          const title = group === 'dataset' ? group : groups[group];
          console.log(`\nby ${title}`);
          console.log(table([title, 'error rate'], r.by[group].map((g) => [g.key, formatEstimate(g)])));
        }
        console.log(`\nconfusion (rows: ${producer} said, columns: correct ${labelNoun})`);
        console.log(table([`${producer} \\ correct`, ...r.confusion.gold], r.confusion.produced.map((j, i) => [j, ...r.confusion.counts[i]!])));
        const a = r.agreement;
        console.log(`\nagreement: ${a.method ? `${a.method === 'cohen' ? "Cohen's" : "Fleiss'"} kappa ${fixedOr(a.kappa?.kappa, 3, 'undefined')} over ${a.sharedItems} shared items (${a.annotators.join(', ')})` : a.note}`);
        const ruled = r.disagreements.flatMap((d) => (d.ruling ? [`#${d.position} ${d.ruling.answer} (${d.ruling.adjudicator})`] : []));
        if (ruled.length) console.log(`adjudicated (a ruling decides them): ${ruled.join(', ')}`);
        const s = r.scoreEffect;
        for (const m of s.metrics) {
          if (s.episodes && m.asPlayed !== null && m.corrected !== null) {
            console.log(`${m.label} over the ${s.episodes} annotated episodes: ${fixed(m.asPlayed, 2)} as played → ${fixed(m.corrected, 2)} corrected (${s.changed} ${labelNoun}s changed)`);
          }
        }
        console.log(s.note);
        if (r.calibration) for (const line of calibrationLines(r.calibration, r.info)) console.log(line);
        return 0;
      }
      case 'export': {
        const setId = parseId(args[0] ?? '', 'Annotation set id');
        const what = flags.what ?? 'labels';
        const format = flags.format ?? 'csv';
        if (what !== 'labels' && what !== 'results' && what !== 'calibration') throw new CliError(`--what must be labels, results or calibration, not "${what}".`);
        if (format !== 'csv' && format !== 'jsonl') throw new CliError(`--format must be csv or jsonl, not "${format}".`);
        const headers = flags.headers ?? 'readable';
        if (headers !== 'readable' && headers !== 'keys') throw new CliError(`--headers must be readable or keys, not "${headers}".`);
        const file = annotation.exportSet(store, setId, what, format, headers);
        if (out) {
          writeOutput(out, file.content);
          process.stderr.write(`wrote ${out}\n`);
        } else printData(file.content);
        return 0;
      }
      case 'pack':
        return packCommand(store, args[0], flags);
      case 'apply':
        return applyCommand(store, args[0], flags);
      case 'review':
        return reviewAction(store, 'review', args, flags);
      case 'rule':
        return reviewAction(store, 'rule', args, flags);
      case 'history':
        return reviewAction(store, 'history', args, flags);
      default:
        throw new CliError(`Unknown action "${action}": use list, create, report, export, apply, pack, review, rule or history.`);
    }
  } finally {
    store.close();
  }
}
