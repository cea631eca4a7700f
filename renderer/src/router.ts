import { useEffect, useState } from 'react';
import { capabilityPage } from './capabilities';

/** Hash routes: they work from file:// (desktop) and from the loopback server alike. */
export type Route =
  | { page: 'runs' }
  | { page: 'new-run' }
  | { page: 'run'; runId: number }
  | { page: 'transcript'; episodeId: number }
  | { page: 'models' }
  | { page: 'datasets' }
  | { page: 'merge' }
  | { page: 'annotations'; runId: number | null }
  | { page: 'annotation-results'; setId: number }
  | { page: 'annotate'; setId: number }
  | { page: 'annotation-review'; setId: number }
  | { page: 'play'; resume?: number }
  | { page: 'review' }
  | { page: 'leaderboard' }
  | { page: 'heatmap' }
  | { page: 'difficulty' }
  | { page: 'significance' }
  | { page: 'suite' }
  | { page: 'compare'; episodeId: number }
  | { page: 'search'; query: string }
  | { page: 'capability'; id: string; params: string[] }
  | { page: 'not-found'; path: string };

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '') || '/runs';
  let m: RegExpExecArray | null;
  if (path === '/' || path === '/runs') return { page: 'runs' };
  if (path === '/runs/new') return { page: 'new-run' };
  if ((m = /^\/runs\/(\d+)$/.exec(path))) return { page: 'run', runId: Number(m[1]) };
  if ((m = /^\/episodes\/(\d+)$/.exec(path))) return { page: 'transcript', episodeId: Number(m[1]) };
  if (path === '/models') return { page: 'models' };
  if (path === '/datasets') return { page: 'datasets' };
  if (path === '/merge') return { page: 'merge' };
  if (path === '/play') return { page: 'play' };
  if ((m = /^\/play\/resume\/(\d+)$/.exec(path))) return { page: 'play', resume: Number(m[1]) };
  if (path === '/review') return { page: 'review' };
  if (path === '/leaderboard') return { page: 'leaderboard' };
  if (path === '/heatmap') return { page: 'heatmap' };
  if (path === '/difficulty') return { page: 'difficulty' };
  if (path === '/significance') return { page: 'significance' };
  if (path === '/benchmark') return { page: 'suite' };
  if ((m = /^\/compare\/(\d+)$/.exec(path))) return { page: 'compare', episodeId: Number(m[1]) };
  if ((m = /^\/search(?:\?q=(.*))?$/.exec(path))) return { page: 'search', query: safeDecode(m[1] ?? '') };
  if (path === '/annotations') return { page: 'annotations', runId: null };
  if ((m = /^\/annotations\/new\/(\d+)$/.exec(path))) return { page: 'annotations', runId: Number(m[1]) };
  if ((m = /^\/annotations\/(\d+)$/.exec(path))) return { page: 'annotation-results', setId: Number(m[1]) };
  if ((m = /^\/annotations\/(\d+)\/label$/.exec(path))) return { page: 'annotate', setId: Number(m[1]) };
  if ((m = /^\/annotations\/(\d+)\/review$/.exec(path))) return { page: 'annotation-review', setId: Number(m[1]) };
  const capability = capabilityPage(path);
  if (capability) return { page: 'capability', id: capability.page.id, params: capability.params };
  return { page: 'not-found', path };
}

/** A query from the address bar; a malformed escape is kept as typed. */
function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash));
  useEffect(() => {
    const update = () => setRoute(parseRoute(window.location.hash));
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, []);
  return route;
}
