/**
 * The adjudication queue in Chromium (issue 28, item 7): two annotators label items differently
 * through the API; a third person opens the review page, says who they are, and rules by keyboard
 * alone (a tie first, a note, an undo, a ruling again); the results page says which items were
 * adjudicated and counts the ruling as the items' correct label. Opening another set's labelling page
 * asks who is annotating rather than carrying the name over (issue 28, item 5).
 */
import { describe, expect, it } from 'vitest';
import type { ApiInput, ApiMethod, ApiOutput } from '../../shared/api/contract';
import * as annotation from '../../electron/engine/annotation/sets';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { textOf } from '../../shared/contract/content';
import { mockGuesser, mockJudge } from '../mock-provider/behaviours';
import { useAppStory } from '../support/app-browser';
import { requireBrowser, screenshot, STORY, WAIT } from '../support/browser';
import { playScripted } from '../support/scripted-run';

const problem = requireBrowser();

describe.skipIf(problem !== null)('the adjudication queue in Chromium', STORY, () => {
  let setId = 0;
  const app = useAppStory('annotation-adjudication', async (store) => {
    const runId = await playScripted(store, { dataset: { name: 'things', subset: 'test' }, limit: 3, repetitions: 1, seed: 5 }, {
      guesser: new ScriptedModel('g', (r) => mockGuesser(r.messages.map((m) => ({ role: m.role, content: textOf(m.content) })), r.seed ?? 0)),
      judge: new ScriptedModel('j', (r) => mockJudge(textOf(r.messages[0]!.content))),
    });
    setId = annotation.createSet(store, 'to adjudicate', { runs: [runId], method: 'random', size: 6, seed: 2 }).id;
  });
  const page = () => app.page;
  const card = () => page().getByTestId('review-card');
  const position = async () => Number(/Item (\d+)/.exec((await card().locator('p.meta').first().textContent()) ?? '')![1]);
  const call = async <M extends ApiMethod>(method: M, input: ApiInput<M>): Promise<ApiOutput<M>> => {
    const reply = await app.service.registry.dispatch(method, input);
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.result as ApiOutput<M>;
  };
  /** The two disputed items: a tie (ada and bo) and one ada and bo outvote di on. */
  let tie = { itemId: 0, position: 0, label: '', other: '' };
  let outvoted = { itemId: 0, position: 0, label: '' };

  it('labels items two ways by two annotators through the API', async () => {
    const items = (await call('annotations.queue', { setId, annotator: 'ada', limit: 50 })).items.filter((i) => i.label === 'yes' || i.label === 'no');
    const [a, b] = items;
    const other = (label: string) => (label === 'yes' ? 'no' : 'yes');
    tie = { itemId: a!.itemId, position: a!.position, label: a!.label, other: other(a!.label) };
    outvoted = { itemId: b!.itemId, position: b!.position, label: b!.label };
    await call('annotations.label', { setId, itemId: a!.itemId, annotator: 'ada', verdict: 'correct', note: 'looks right' });
    await call('annotations.label', { setId, itemId: a!.itemId, annotator: 'bo', verdict: 'wrong', answer: tie.other });
    for (const who of ['ada', 'bo']) await call('annotations.label', { setId, itemId: b!.itemId, annotator: who, verdict: 'wrong', answer: other(b!.label) });
    await call('annotations.label', { setId, itemId: b!.itemId, annotator: 'di', verdict: 'correct' });
    const queue = await call('annotations.review', { setId });
    expect(queue.queue.map((q) => q.item.itemId)).toEqual([tie.itemId, outvoted.itemId]);
  });

  it('asks who is ruling, then shows the tie first with each label, its note and the history', async () => {
    await app.go(`#/annotations/${setId}/review`);
    await expect.poll(() => page().evaluate<string | undefined>('document.activeElement?.id'), WAIT).toBe('annotator-name');
    await expect.poll(() => page().getByRole('heading', { name: 'Who is ruling?' }).count(), WAIT).toBe(1);
    await page().keyboard.type('Cy');
    await page().keyboard.press('Enter');
    await expect.poll(() => page().getByTestId('annotator').textContent(), WAIT).toBe('Cy');
    await expect.poll(position, WAIT).toBe(tie.position);
    expect(await page().getByTestId('review-majority').textContent()).toMatch(/^Tie: the annotators split evenly/);
    expect(await card().getByTestId('review-labels').locator('tbody tr').allInnerTexts()).toEqual([expect.stringMatching(/^ada\s.*right\)\s+looks right$/), expect.stringMatching(/^bo\s.*wrong\)/)]);
    expect(await page().getByTestId('history-entry').count()).toBe(2);
    expect(await page().getByTestId('review-counts').textContent()).toMatch(/^2 items waiting for your ruling · 0 ruled · 2 disputed items in all/);
    await screenshot(page(), 'annotation-review');
  });

  it('rules by keyboard alone: a note, a label key, an undo, the ruling again, the next item, then nothing waiting', async () => {
    await page().keyboard.press('c');
    await expect.poll(() => page().evaluate<string>('document.activeElement?.tagName ?? ""'), WAIT).toBe('TEXTAREA');
    await page().keyboard.type('the rules say so');
    await page().keyboard.press('Escape');
    await page().keyboard.press(tie.other.charAt(0));
    await expect.poll(position, WAIT).toBe(outvoted.position);
    await expect.poll(() => page().getByTestId('last-action').textContent(), WAIT).toMatch(new RegExp(`^Ruled on #${tie.position}: judge wrong → ${tie.other}\\. U to undo\\.$`));
    // U: the ruling is taken back (kept as undone) and the tie is first again.
    await page().keyboard.press('u');
    await expect.poll(position, WAIT).toBe(tie.position);
    await expect.poll(() => page().getByTestId('history-entry').evaluateAll((els: { getAttribute(name: string): string | null }[]) => els.map((e) => e.getAttribute('data-state'))), WAIT).toContain('undone');
    await page().keyboard.press('c');
    await page().keyboard.type('the rules say so');
    await page().keyboard.press('Escape');
    await page().keyboard.press(tie.other.charAt(0));
    await expect.poll(position, WAIT).toBe(outvoted.position);
    // S puts the item off (nothing stored): it is the only one left, so it comes straight back.
    await page().keyboard.press('s');
    await expect.poll(position, WAIT).toBe(outvoted.position);
    // Enter: the judge was right, against the majority.
    await page().keyboard.press('Enter');
    await expect.poll(() => page().getByTestId('review-done').count(), WAIT).toBe(1);
    await expect.poll(() => page().getByTestId('ruling').count(), WAIT).toBe(2);

    const stored = await call('annotations.review', { setId, adjudicator: 'Cy' });
    const ruling = stored.ruled.find((r) => r.item.itemId === tie.itemId)!;
    expect(ruling.ruling).toMatchObject({ adjudicator: 'Cy', verdict: 'wrong', answer: tie.other, note: 'the rules say so' });
    expect(ruling.rulings.map((r) => r.state)).toEqual(['standing', 'undone']);
    expect(stored.ruled.find((r) => r.item.itemId === outvoted.itemId)!.ruling).toMatchObject({ verdict: 'correct', answer: outvoted.label });
  });

  it('reopens a ruling from the list by keyboard, and Esc leaves it as it was', async () => {
    await page().keyboard.press('l');
    await expect.poll(() => page().evaluate<string>('document.activeElement?.getAttribute("data-testid") ?? ""'), WAIT).toBe('ruling');
    await page().keyboard.press('Enter');
    await expect.poll(() => page().getByTestId('reruling-banner').count(), WAIT).toBe(1);
    await page().keyboard.press('Escape');
    await expect.poll(() => page().getByTestId('review-done').count(), WAIT).toBe(1);
    expect((await call('annotations.results', { setId })).adjudication?.items).toBe(2);
  });

  it('the results page says which items were adjudicated and uses the rulings', async () => {
    await app.go(`#/annotations/${setId}`);
    await expect.poll(() => page().getByTestId('adjudicated').textContent(), WAIT).toMatch(/^2 items adjudicated: a ruling decided them/);
    const rows = page().getByTestId('disagreement');
    await expect.poll(() => rows.count(), WAIT).toBe(2);
    const cells = await page().getByTestId('ruling-cell').allInnerTexts();
    expect(cells).toEqual([expect.stringMatching(/adjudicated by Cy/), expect.stringMatching(/adjudicated by Cy/)]);
    const results = await call('annotations.results', { setId });
    // The tie is judged now (ruled wrong); the outvoted item was ruled right: one wrong of the two.
    expect(results).toMatchObject({ ties: 0, adjudication: { items: 2, rate: { k: 1, n: 2 } } });
    await screenshot(page(), 'annotation-results-adjudicated');
  });

  it("another set's labelling page asks who is annotating, offering the last person rather than taking them", async () => {
    await app.go(`#/annotations/${setId}/label`);
    // Cy chose themself for this database, but has labelled nothing in this set: asked, with Cy offered.
    await expect.poll(() => page().evaluate<string | undefined>('document.activeElement?.id'), WAIT).toBe('annotator-name');
    expect(await page().locator('#annotator-name').inputValue()).toBe('Cy');
    await page().keyboard.press('Enter');
    await expect.poll(() => page().getByTestId('annotator').textContent(), WAIT).toBe('Cy');
    await expect.poll(() => page().getByTestId('annotation-card').count(), WAIT).toBe(1);
  });
});
