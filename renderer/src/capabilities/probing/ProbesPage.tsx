import { useMemo, useState } from 'react';
import type { ProbeEpisodeView } from '../../../../shared/api/capabilities/probing';
import { probeRankSvg } from '../../../../shared/charts/probe-rank';
import { useQuery } from '../../api/hooks';
import { useChartTheme } from '../../charts';
import { ErrorNote } from '../../components/ErrorNote';
import { RunLinks } from '../../components/RunLinks';
import { href } from '../../links';
import { ChartFrame } from '../../pages/explore/ChartFrame';
import { fixed } from '../../../../shared/text/number';

const ci = (low: number | null, high: number | null) => (low === null || high === null ? '—' : `${fixed(low, 2)}–${fixed(high, 2)}`);

/** Dialogue-state probes of runs: the true answer's rank by turn per model, and one episode as the paper's Table 3. */
export function ProbesPage({ runIds }: { runIds: number[] }) {
  const view = useQuery('probes.view', { runIds });
  const theme = useChartTheme();
  const [picked, setPicked] = useState<number | null>(null);
  const svg = useMemo(() => (view.data ? probeRankSvg(view.data, { theme }) : ''), [view.data, theme]);
  const file = useMemo(() => (view.data ? probeRankSvg(view.data) : ''), [view.data]);
  const v = view.data;
  const episode = v?.episodes.find((e) => e.episodeId === picked) ?? v?.episodes[0] ?? null;
  return (
    <section aria-labelledby="probes-title">
      <header className="page-header">
        <h1 id="probes-title">Dialogue-state probes</h1>
      </header>
      <p className="meta">
        <RunLinks runIds={runIds} />
        {v && ` · ${v.counts.episodes} probed episodes, ${v.counts.probes} probes (${v.counts.failed} failed) · the ${v.seat}'s top ${v.size} before each question, asked apart from the game`}
      </p>
      <ErrorNote error={view.error} />
      {!v && !view.error && <p aria-busy="true">Loading probes…</p>}
      {v && (
        <>
          <h2>Rank of the true answer by turn</h2>
          <ChartFrame svg={svg} file={file} name={`probes-${runIds.join('-')}`} label={`Mean rank of the true answer among the top ${v.size}, by turn and model`} />
          <p className="meta">Mean over the episodes probed at each turn, an answer outside the {v.size} counted as {v.absentRank}; the band is the 95% t interval.</p>
          <div className="table-scroll">
            <table className="data" data-testid="probe-series">
              <thead>
                <tr>
                  <th scope="col">Model</th>
                  <th scope="col" className="num">Turn</th>
                  <th scope="col" className="num">Episodes</th>
                  <th scope="col" className="num">Mean rank</th>
                  <th scope="col" className="num">95% CI</th>
                  <th scope="col" className="num">In the top {v.size}</th>
                </tr>
              </thead>
              <tbody>
                {v.series.flatMap((s) =>
                  s.points.map((p, i) => (
                    <tr key={`${s.player}/${p.round}`}>
                      {i === 0 && <th scope="rowgroup" rowSpan={s.points.length}>{s.player}</th>}
                      <td className="num">{p.round}</td>
                      <td className="num">{p.n}</td>
                      <td className="num">{fixed(p.meanRank, 2)}</td>
                      <td className="num">{ci(p.low, p.high)}</td>
                      <td className="num">{Math.round(p.inItems * 100)}%</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </div>
          <h2>One episode</h2>
          <label>
            Episode{' '}
            <select value={episode?.episodeId ?? ''} onChange={(e) => setPicked(Number(e.target.value))}>
              {v.episodes.map((e) => (
                <option key={e.episodeId} value={e.episodeId}>
                  {e.instance} · rep {e.repetition} · {e.player} · {e.outcome ?? 'unfinished'}
                </option>
              ))}
            </select>
          </label>
          {episode && <EpisodeTable episode={episode} size={v.size} />}
        </>
      )}
    </section>
  );
}

function EpisodeTable({ episode, size }: { episode: ProbeEpisodeView; size: number }) {
  const turnovers = episode.rounds.filter((r) => r.turnover).length;
  return (
    <>
      <p className="meta">
        <a href={href.episode(episode.episodeId)}>Transcript</a> · the answer is marked in the list; {turnovers} highlighted turn{turnovers === 1 ? '' : 's'} eliminated all {size} (the next probe names none of them).
      </p>
      <div className="table-scroll">
        <table className="data probe-table" data-testid="probe-episode">
          <thead>
            <tr>
              <th scope="col" className="num">Turn</th>
              {Array.from({ length: size }, (_, i) => <th key={i} scope="col">{i + 1}</th>)}
              <th scope="col">Question</th>
              <th scope="col">Answer</th>
            </tr>
          </thead>
          <tbody>
            {episode.rounds.map((r) => (
              <tr key={r.round} className={r.turnover ? 'turnover' : undefined} data-turnover={r.turnover || undefined}>
                <th scope="row" className="num">{r.round}{r.turnover && <span className="sr-only"> (eliminated all {size})</span>}</th>
                {r.items
                  ? Array.from({ length: size }, (_, i) => <td key={i}>{i + 1 === r.targetRank ? <mark title="the true answer">{r.items![i]}</mark> : (r.items![i] ?? '')}</td>)
                  : <td colSpan={size} className="meta">{r.error ?? 'not probed'}</td>}
                <td>{r.move}</td>
                <td>{r.reply}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
