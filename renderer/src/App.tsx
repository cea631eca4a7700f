import { capabilityPageById } from './capabilities';
import { useEffect, useState } from 'react';
import { useQuery } from './api/hooks';
import { counted } from './format';
import { useRoute, type Route } from './router';
import { href } from './links';
import { AnnotatePage } from './pages/AnnotatePage';
import { AnnotationReviewPage } from './pages/AnnotationReviewPage';
import { AnnotationResultsPage } from './pages/AnnotationResultsPage';
import { AnnotationsPage } from './pages/AnnotationsPage';
import { DatasetsPage } from './pages/DatasetsPage';
import { MergePage } from './pages/MergePage';
import { PlayPage } from './pages/PlayPage';
import { ReviewPage } from './pages/ReviewPage';
import { ComparePage } from './pages/explore/ComparePage';
import { DifficultyPage } from './pages/explore/DifficultyPage';
import { HeatmapPage } from './pages/explore/HeatmapPage';
import { LeaderboardPage } from './pages/explore/LeaderboardPage';
import { SignificancePage } from './pages/explore/SignificancePage';
import { SuitePage } from './pages/explore/SuitePage';
import { ModelsPage } from './pages/ModelsPage';
import { NewRunPage } from './pages/NewRunPage';
import { RunPage } from './pages/RunPage';
import { RunsPage } from './pages/RunsPage';
import { usePausedGames } from './pages/PausedGames';
import { SearchPage } from './pages/SearchPage';
import { TranscriptPage } from './pages/TranscriptPage';

type Theme = 'system' | 'light' | 'dark';

function useTheme(): [Theme, (t: Theme) => void] {
  const [theme, setTheme] = useState<Theme>(() => (localStorage.getItem('parlor.theme') as Theme | null) ?? 'system');
  useEffect(() => {
    localStorage.setItem('parlor.theme', theme);
    if (theme === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = theme;
  }, [theme]);
  return [theme, setTheme];
}

function CapabilityRoute({ id, params }: { id: string; params: string[] }) {
  return <>{capabilityPageById(id)?.render(params)}</>;
}

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'runs':
      return <RunsPage />;
    case 'new-run':
      return <NewRunPage />;
    case 'run':
      return <RunPage key={route.runId} runId={route.runId} />;
    case 'transcript':
      return <TranscriptPage key={route.episodeId} episodeId={route.episodeId} />;
    case 'models':
      return <ModelsPage />;
    case 'datasets':
      return <DatasetsPage />;
    case 'merge':
      return <MergePage />;
    case 'play':
      return <PlayPage resume={route.resume} />;
    case 'review':
      return <ReviewPage />;
    case 'leaderboard':
      return <LeaderboardPage />;
    case 'suite':
      return <SuitePage />;
    case 'heatmap':
      return <HeatmapPage />;
    case 'difficulty':
      return <DifficultyPage />;
    case 'significance':
      return <SignificancePage />;
    case 'compare':
      return <ComparePage key={route.episodeId} episodeId={route.episodeId} />;
    case 'search':
      return <SearchPage query={route.query} />;
    case 'annotations':
      return <AnnotationsPage key={route.runId ?? 0} runId={route.runId} />;
    case 'annotation-results':
      return <AnnotationResultsPage key={route.setId} setId={route.setId} />;
    case 'annotate':
      return <AnnotatePage key={route.setId} setId={route.setId} />;
    case 'annotation-review':
      return <AnnotationReviewPage key={route.setId} setId={route.setId} />;
    case 'capability':
      return <CapabilityRoute key={`${route.id}:${route.params.join('/')}`} id={route.id} params={route.params} />;
    case 'not-found':
      return (
        <p>
          No page at <code>{route.path}</code>. <a href={href.runs()}>Go to the runs.</a>
        </p>
      );
  }
}

const NAV: { label: string; to: string; pages: Route['page'][] }[] = [
  { label: 'Runs', to: href.runs(), pages: ['runs', 'run', 'transcript', 'compare'] },
  { label: 'Search', to: href.search(), pages: ['search'] },
  { label: 'New run', to: href.newRun(), pages: ['new-run'] },
  { label: 'Play', to: href.play(), pages: ['play', 'review'] },
  { label: 'Leaderboard', to: href.leaderboard(), pages: ['leaderboard'] },
  { label: 'Heatmap', to: href.heatmap(), pages: ['heatmap'] },
  { label: 'Benchmark', to: href.suite(), pages: ['suite'] },
  { label: 'Difficulty', to: href.difficulty(), pages: ['difficulty'] },
  { label: 'Significance', to: href.significance(), pages: ['significance'] },
  { label: 'Annotate', to: href.annotations(), pages: ['annotations', 'annotation-results', 'annotate', 'annotation-review'] },
  { label: 'Models & keys', to: href.models(), pages: ['models'] },
  { label: 'Datasets', to: href.datasets(), pages: ['datasets'] },
  { label: 'Merge a database', to: href.merge(), pages: ['merge'] },
];

export function App() {
  const route = useRoute();
  const [theme, setTheme] = useTheme();
  const info = useQuery('app.info', {});
  const paused = usePausedGames().length;
  // Moving to another page puts focus on its content, as a page load would.
  useEffect(() => {
    // A new page starts at its top, as a page load would: not scrolled down to where the last one was left.
    window.scrollTo(0, 0);
    const main = document.getElementById('main');
    // …unless the page already put focus somewhere in it (an autofocus field).
    if (main && !main.contains(document.activeElement)) main.focus();
  }, [route]);

  return (
    <div className="app">
      <a className="skip-link" href="#main" onClick={(e) => { e.preventDefault(); document.getElementById('main')?.focus(); }}>
        Skip to content
      </a>
      <nav className="sidebar" aria-label="Main">
        <div className="brand">Parlor</div>
        <ul>
          {NAV.map((item) => (
            <li key={item.to}>
              <a href={item.to} aria-current={item.pages.includes(route.page) || (route.page === 'capability' && capabilityPageById(route.id)?.under === item.label) ? 'page' : undefined}>
                {item.label}
                {item.to === href.play() && paused > 0 && (
                  <span className="nav-badge" data-testid="paused-badge" title={counted(paused, 'paused game')}>
                    <span aria-hidden="true">{paused}</span>
                    <span className="sr-only">({counted(paused, 'paused game')})</span>
                  </span>
                )}
              </a>
            </li>
          ))}
        </ul>
        <div className="sidebar-foot">
          <label>
            Theme{' '}
            <select value={theme} onChange={(e) => setTheme(e.target.value as Theme)}>
              <option value="system">system</option>
              <option value="light">light</option>
              <option value="dark">dark</option>
            </select>
          </label>
          {info.data && (
            <p className="meta" title={info.data.dbPath}>
              v{info.data.version} · {info.data.mode}
              <br />
              <span className="db-path">{info.data.dbPath}</span>
            </p>
          )}
        </div>
      </nav>
      <main id="main" tabIndex={-1}>
        <Page route={route} />
      </main>
    </div>
  );
}
