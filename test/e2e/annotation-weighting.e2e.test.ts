/**
 * Issue 27, item 2 in Chromium: a stratified set's results page leads with the stratum-weighted error
 * rate, says so, gives the sample's own k/n beside it and lists the strata, as `parlor annotations
 * report` prints them.
 */
import { describe, expect, it } from 'vitest';
import { formatEstimate } from '../../shared/contract/annotation';
import { textOf } from '../../shared/contract/content';
import * as annotation from '../../electron/engine/annotation/sets';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { mockGuesser, mockJudge } from '../mock-provider/behaviours';
import { useAppStory } from '../support/app-browser';
import { requireBrowser, screenshot, WAIT } from '../support/browser';
import { playScripted } from '../support/scripted-run';

const problem = requireBrowser();

describe.skipIf(problem !== null)('a stratified annotation set, in Chromium', { timeout: 120_000 }, () => {
  let setId = 0;
  const app = useAppStory('annotation-weighting', async (store) => {
    const runId = await playScripted(store, { dataset: { name: 'things', subset: 'test' }, limit: 6, repetitions: 2, seed: 3 }, {
      guesser: new ScriptedModel('g', (r) => mockGuesser(r.messages.map((m) => ({ role: m.role, content: textOf(m.content) })), r.seed ?? 0)),
      judge: new ScriptedModel('j', (r) => mockJudge(textOf(r.messages[0]!.content))),
    });
    const set = annotation.createSet(store, 'by label', { runs: [runId], method: 'stratified', size: 6, strata: ['label'], allocation: 'equal', seed: 9 });
    setId = set.id;
    // The rarest label drawn is judged wrong every time, every other one right.
    const { items } = annotation.queue(store, set.id, 'ada', 100);
    const counts = new Map<string, number>();
    for (const it of items) counts.set(it.label, (counts.get(it.label) ?? 0) + 1);
    const rare = [...counts.keys()].sort()[0]!;
    for (const it of items) {
      if (it.label === rare) annotation.label(store, { setId: set.id, itemId: it.itemId, annotator: 'ada', verdict: 'wrong', answer: rare === 'yes' ? 'no' : 'yes' });
      else annotation.label(store, { setId: set.id, itemId: it.itemId, annotator: 'ada', verdict: 'correct' });
    }
  });

  it('leads with the stratum-weighted rate, names it, gives the sample k/n and the strata', async () => {
    const view = annotation.results(app.store, setId);
    expect(view.overall.weighting).toBe('stratum-weighted');
    await app.go(`#/annotations/${setId}`);
    const rate = app.page.getByTestId('error-rate');
    await expect.poll(() => rate.textContent(), WAIT).toBe(formatEstimate(view.overall));
    expect(await rate.getAttribute('data-weighting')).toBe('stratum-weighted');
    expect(await rate.textContent()).toMatch(/^[\d.]+% stratum-weighted \(95% CI [\d.]+–[\d.]+%\); in the sample \d+\/\d+ = [\d.]+%$/);
    await expect.poll(() => app.page.getByTestId('weighting').textContent(), WAIT).toMatch(/^Stratum-weighted: /);
    await expect.poll(() => app.page.getByTestId('strata').locator('tbody tr').count(), WAIT).toBe(view.strata.length);
    // Each stratum in words, not the stored key (issue 27: "judgeLabel=maybe").
    const names = await app.page.getByTestId('strata').locator('tbody tr td:first-child').allTextContents();
    expect(names).toEqual(view.strata.map((s) => s.key.replace(/^judgeLabel=/, 'judge label: ')));
    await screenshot(app.page, 'annotation-weighted');
  });
});
