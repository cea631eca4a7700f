/**
 * Where each page lives (hash routes: they work from file:// and from the loopback server alike).
 * Apart from the router, so a page can link to another without importing the routes that list it.
 */
export const href = {
  runs: () => '#/runs',
  newRun: () => '#/runs/new',
  run: (id: number) => `#/runs/${id}`,
  episode: (id: number) => `#/episodes/${id}`,
  models: () => '#/models',
  datasets: () => '#/datasets',
  merge: () => '#/merge',
  annotations: () => '#/annotations',
  play: () => '#/play',
  resumePlay: (episodeId: number) => `#/play/resume/${episodeId}`,
  review: () => '#/review',
  leaderboard: () => '#/leaderboard',
  heatmap: () => '#/heatmap',
  difficulty: () => '#/difficulty',
  significance: () => '#/significance',
  suite: () => '#/benchmark',
  compare: (episodeId: number) => `#/compare/${episodeId}`,
  search: (query = '') => (query ? `#/search?q=${encodeURIComponent(query)}` : '#/search'),
  newAnnotationSet: (runId: number) => `#/annotations/new/${runId}`,
  annotationResults: (id: number) => `#/annotations/${id}`,
  annotate: (id: number) => `#/annotations/${id}/label`,
  annotationReview: (id: number) => `#/annotations/${id}/review`,
};

export function navigate(to: string): void {
  window.location.hash = to;
}
