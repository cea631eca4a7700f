/**
 * A static report of runs: a folder of HTML pages, one stylesheet and the images, that opens from disk
 * in any browser with no server and no network. The CLI writes it as a folder (`parlor report --html`);
 * the app offers the same files as a zip, as its other exports are downloads.
 */
import { zipSync } from 'fflate';
import type { ExportFile } from '../../../../shared/api/views';
import { HtmlReportInputSchema, type HtmlReportInput } from '../../../../shared/contract/report';
import { describeZodError } from '../../../../shared/contract/run';
import { UserError } from '../../errors';
import type { Store } from '../../store/store';
import { APP_VERSION } from '../../version';
import { reportScope } from './scope';
import { REPORT_CSS } from './style';
import { episodePages, MediaFiles } from './transcript-pages';
import { difficultyPage, groupDifficulty, groupHeatmaps, heatmapsPage, indexPage } from './view-pages';

/** The file that marks a folder as a Parlor report: what `--force` may replace. */
export const REPORT_MARKER = 'parlor-report.json';

/** Relative path → bytes: every file of the report folder. */
export type ReportFiles = Map<string, Uint8Array>;

/** Every file of the report of these runs; a bad input is one line (a UserError). */
export function buildHtmlReport(store: Store, input: HtmlReportInput): ReportFiles {
  const parsed = HtmlReportInputSchema.safeParse(input);
  if (!parsed.success) throw new UserError(describeZodError(parsed.error, 'report'), 'bad_request');
  const options = parsed.data;
  const scope = reportScope(store, options);
  const generator = `Parlor ${APP_VERSION}`;
  const text = new Map<string, string>();
  text.set('index.html', indexPage(store, scope, generator));
  for (const g of scope.groups) {
    if (g.tags.length) text.set(groupHeatmaps(g), heatmapsPage(store, g, generator));
    text.set(groupDifficulty(g), difficultyPage(store, g, generator));
  }
  const media = new MediaFiles(store);
  for (const [path, html] of episodePages(store, scope.runs, media, generator)) text.set(path, html);
  text.set('report.css', REPORT_CSS);
  // What the folder is, for a reader and for `--force`: a folder without it is never replaced.
  const manifest = { generator, runs: scope.runs.map((r) => r.id), instances: options.instances, commonWithHumans: options.commonWithHumans, minEpisodes: options.minEpisodes };
  text.set(REPORT_MARKER, `${JSON.stringify(manifest, null, 2)}\n`);
  const encoder = new TextEncoder();
  const files: ReportFiles = new Map([...text].map(([path, content]) => [path, encoder.encode(content)]));
  for (const [path, bytes] of media.files) files.set(path, bytes);
  return files;
}

/** The folder name a report of these runs gets: `parlor-report-runs-1-2-3`, or a count for many. */
export function reportName(runIds: readonly number[]): string {
  const ids = [...new Set(runIds)].sort((a, b) => a - b);
  return ids.length <= 6 ? `parlor-report-runs-${ids.join('-')}` : `parlor-report-${ids.length}-runs`;
}

/** The report as one zip holding its folder (the app's download; the CLI writes the folder itself). */
export function htmlReportZip(store: Store, input: HtmlReportInput): ExportFile {
  const files = buildHtmlReport(store, input);
  const name = reportName(input.runIds);
  // A fixed local timestamp (zip stores local time): the same report gives the same bytes in any time zone.
  const mtime = new Date(2000, 0, 1);
  const zip = zipSync(Object.fromEntries([...files].map(([path, bytes]) => [`${name}/${path}`, [bytes, { mtime, level: path.startsWith('media/') ? 0 : 6 }]])));
  return { filename: `${name}.zip`, mime: 'application/zip', content: Buffer.from(zip).toString('base64'), encoding: 'base64' };
}
