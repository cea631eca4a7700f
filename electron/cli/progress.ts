import { SingleBar } from 'cli-progress';
import type { RunEvent } from '../../shared/contract/events';
import { rawStream } from './terminal';
import { fixed } from '../../shared/text/number';

function duration(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return '--';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

/** The games' successes in the game's words, one and many (EDA: win, wins; AGE: successful for both). */
export interface SuccessWords {
  one: string;
  many: string;
}

/** "1 error", "2 errors": a count with its noun agreeing. */
const counted = (n: number, words: SuccessWords) => `${n} ${n === 1 ? words.one : words.many}`;
const ERRORS: SuccessWords = { one: 'error', many: 'errors' };

/** A live bar on a terminal; on a pipe or in CI, a plain line every 5% and at the end. */
export function progressPrinter(successes: SuccessWords = { one: 'success', many: 'successes' }, out: NodeJS.WriteStream = process.stderr): (event: RunEvent) => void {
  const tty = Boolean(out.isTTY);
  let bar: SingleBar | null = null;
  let lastLine = -1;
  const fields = (e: Extract<RunEvent, { type: 'progress' }>) => ({
    wins: counted(e.successes, successes),
    errors: counted(e.errors, ERRORS),
    rate: fixed(e.callsPerSecond, 1),
    eta_text: duration(e.etaSeconds),
    cost: e.costUsd === null ? '' : ` · $${fixed(e.costUsd, 4)}`,
  });
  return (event) => {
    switch (event.type) {
      case 'run-started':
        out.write(`run ${event.runId}: ${event.remaining} of ${event.total} episodes to play\n`);
        if (tty) {
          bar = new SingleBar({
            // The bar moves the cursor; its text is Parlor's own (counts and the game's labels).
            stream: rawStream(out),
            format: '  {bar} {value}/{total} episodes · {wins} · {errors} · {rate} calls/s · ETA {eta_text}{cost}',
            hideCursor: true,
            barsize: 30,
          });
          bar.start(event.total, event.total - event.remaining, { wins: counted(0, successes), errors: counted(0, ERRORS), rate: '0.0', eta_text: '--', cost: '' });
        }
        break;
      case 'progress': {
        const finished = event.done + event.errors;
        if (bar) {
          bar.update(finished, fields(event));
        } else if (finished === event.total || finished - lastLine >= Math.max(1, Math.ceil(event.total / 20))) {
          if (finished === lastLine) break;
          lastLine = finished;
          const f = fields(event);
          out.write(`  ${finished}/${event.total} episodes · ${f.wins} · ${f.errors} · ${f.rate} calls/s · ETA ${f.eta_text}${f.cost}\n`);
        }
        break;
      }
      case 'episode-finished':
        if (event.status === 'error') {
          const line = `  episode ${event.episodeId} (${event.instance}, rep ${event.repetition}) failed: ${event.error}\n`;
          if (bar) bar.stop();
          out.write(line);
          if (bar) bar.start(event.total, event.done + event.errors, { wins: counted(event.successes, successes), errors: counted(event.errors, ERRORS), rate: '', eta_text: '--', cost: '' });
        }
        break;
      case 'batches': {
        const line = `  batches: ${event.sent} sent, ${event.out} out · ${event.answered}/${event.requests} requests answered\n`;
        if (bar) bar.stop();
        out.write(line);
        break;
      }
      case 'run-finished':
        bar?.stop();
        out.write(`run ${event.runId} ${event.status}${event.reason ? ` (${event.reason})` : ''}: ${event.done} done, ${counted(event.errors, ERRORS)}, ${counted(event.total, { one: 'episode', many: 'episodes' })}\n`);
        break;
    }
  };
}
