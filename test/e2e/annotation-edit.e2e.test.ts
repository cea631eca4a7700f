/**
 * Annotation review in Chromium: the guidelines beside the queue, every annotator's progress, an
 * earlier label reopened from "Your labels" and changed by keyboard alone, the disagreement list on
 * the results page, and the labels CSV with readable headers.
 */
import { describe, expect, it } from 'vitest';
import * as annotation from '../../electron/engine/annotation/sets';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { textOf } from '../../shared/contract/content';
import { mockGuesser, mockJudge } from '../mock-provider/behaviours';
import { useAppStory } from '../support/app-browser';
import { requireBrowser, screenshot, STORY, WAIT } from '../support/browser';
import { playScripted } from '../support/scripted-run';

const problem = requireBrowser();

describe.skipIf(problem !== null)('reviewing annotations in Chromium', STORY, () => {
  let setId = 0;
  const app = useAppStory('annotation-edit', async (store) => {
    const runId = await playScripted(store, { dataset: { name: 'things', subset: 'test' }, limit: 3, repetitions: 1, seed: 5 }, {
      guesser: new ScriptedModel('g', (r) => mockGuesser(r.messages.map((m) => ({ role: m.role, content: textOf(m.content) })), r.seed ?? 0)),
      judge: new ScriptedModel('j', (r) => mockJudge(textOf(r.messages[0]!.content))),
    });
    setId = annotation.createSet(store, 'review', { runs: [runId], method: 'random', size: 6, seed: 2 }).id;
    // Bob has found the first two items ambiguous.
    const items = store.annotations.items(setId, 'label');
    for (const item of items.slice(0, 2)) annotation.label(store, { setId, itemId: item.itemId, annotator: 'Bob', verdict: 'ambiguous' });
  });
  const page = () => app.page;
  const card = () => page().getByTestId('annotation-card');
  const position = async () => Number(/Item (\d+)/.exec((await card().locator('p.meta').first().textContent()) ?? '')![1]);
  const focused = () => page().evaluate<string>('document.activeElement?.getAttribute("data-testid") ?? document.activeElement?.tagName ?? ""');
  const mine = async () => {
    const reply = await app.service.registry.dispatch('annotations.mine', { setId, annotator: 'Ada' });
    if (!reply.ok) throw new Error(reply.error.message);
    return reply.result as { item: { position: number }; verdict: string; answer: string | null }[];
  };

  it('shows the guidelines and the set beside the queue, collapsible with G, and every annotator’s progress', async () => {
    await app.go(`#/annotations/${setId}/label`);
    await expect.poll(() => page().evaluate<string | undefined>('document.activeElement?.id'), WAIT).toBe('annotator-name');
    await page().keyboard.type('Ada');
    await page().keyboard.press('Enter');
    await expect.poll(() => card().count(), WAIT).toBe(1);
    const guide = page().getByTestId('annotation-guidelines');
    await expect.poll(() => guide.textContent(), WAIT).toMatch(/Yes, No, Maybe.*Dunno/);
    await expect.poll(() => page().getByTestId('set-description').textContent(), WAIT).toMatch(/6 judge answers drawn from run 1 \(random sample, seed 2\)/);
    await expect.poll(() => guide.getAttribute('open'), WAIT).toBe('');
    // Beside the item, not under it.
    const [side, item] = [await guide.boundingBox(), await card().boundingBox()];
    expect(side!.x).toBeGreaterThanOrEqual(item!.x + item!.width);
    expect(side!.y).toBeLessThan(item!.y + item!.height);
    await page().keyboard.press('g');
    await expect.poll(() => guide.getAttribute('open'), WAIT).toBeNull();
    await page().keyboard.press('g');
    await expect.poll(() => guide.getAttribute('open'), WAIT).toBe('');

    const progress = page().getByTestId('annotators-progress');
    await expect.poll(() => progress.locator('tbody tr').allInnerTexts(), WAIT).toEqual([expect.stringMatching(/^Ada \(you\)\s+0\/6\s+0%/), expect.stringMatching(/^Bob\s+2\/6\s+33%/)]);
  });

  it('labels three items, then reopens the oldest from "Your labels" by keyboard and relabels it', async () => {
    const labelled: number[] = [];
    for (let i = 0; i < 3; i++) {
      const at = await position();
      const said = (await card().locator('.produced-label .chip').textContent())!.trim();
      // Yes when the judge did not say Yes, else No: always a verdict, never the off-format hint.
      await page().keyboard.press(said === 'Yes' ? 'n' : 'y');
      labelled.push(at);
      await expect.poll(() => position(), WAIT).not.toBe(at);
    }
    const list = page().getByTestId('your-label');
    await expect.poll(() => list.count(), WAIT).toBe(3);
    await expect.poll(() => page().getByTestId('annotators-progress').locator('tbody tr').first().innerText(), WAIT).toMatch(/3\/6/);
    const next = await position();

    // L: into the list at the newest label; arrows down to the oldest; Enter reopens it.
    await page().keyboard.press('l');
    await expect.poll(focused, WAIT).toBe('your-label');
    const focusedText = () => page().evaluate<string>('document.activeElement.textContent');
    await expect.poll(focusedText, WAIT).toContain(`#${labelled[2]}`);
    await page().keyboard.press('ArrowDown');
    await expect.poll(focusedText, WAIT).toContain(`#${labelled[1]}`);
    await page().keyboard.press('ArrowDown');
    await expect.poll(focusedText, WAIT).toContain(`#${labelled[0]}`);
    await page().keyboard.press('Enter');
    await expect.poll(() => page().getByTestId('relabel-banner').textContent(), WAIT).toMatch(new RegExp(`^Relabelling item ${labelled[0]}; your label: (Yes|No) \\(judge (right|wrong)\\)`));
    await expect.poll(position, WAIT).toBe(labelled[0]);
    await expect.poll(focused, WAIT).toBe('annotation-card');
    await screenshot(page(), 'annotation-relabel', false);

    // The same keys relabel it: D, the judge's answer should have been Dunno.
    await page().keyboard.press('d');
    await expect.poll(() => page().getByTestId('last-action').textContent(), WAIT).toMatch(new RegExp(`^Relabelled #${labelled[0]} `));
    await expect.poll(() => position(), WAIT).toBe(next);
    await expect.poll(() => list.first().textContent(), WAIT).toMatch(new RegExp(`^#${labelled[0]} .*Dunno`));
    await expect.poll(() => list.count(), WAIT).toBe(3);
    await expect.poll(() => page().getByTestId('remaining').textContent(), WAIT).toBe('3 left');
    // "3 left" showed before the relabel too: the store is polled until the new label is in.
    await expect.poll(async () => (await mine())[0]?.answer, WAIT).toBe('dunno');
    const stored = await mine();
    expect(stored.map((m) => m.item.position)).toEqual([labelled[0], labelled[2], labelled[1]]);
  });

  it('leaves a reopened item as it was with Esc', async () => {
    const next = await position();
    await page().keyboard.press('l');
    await expect.poll(focused, WAIT).toBe('your-label');
    await page().keyboard.press('End');
    await page().keyboard.press('Enter');
    await expect.poll(() => page().getByTestId('relabel-banner').count(), WAIT).toBe(1);
    await page().keyboard.press('Escape');
    await expect.poll(() => position(), WAIT).toBe(next);
    await expect.poll(() => page().getByTestId('relabel-banner').count(), WAIT).toBe(0);
    expect((await mine()).length).toBe(3);
  });

  it('lists the disagreements on the results page, each annotator’s verdict, linking to the episode', async () => {
    await app.go(`#/annotations/${setId}`);
    const table = page().getByTestId('disagreements');
    await expect.poll(() => table.locator('thead th').allTextContents(), WAIT).toEqual(['Item', 'Where', 'Judge said', 'Ada', 'Bob', 'Majority', 'Ruling']);
    const rows = table.getByTestId('disagreement');
    // Bob's two ambiguous items: Ada gave an answer on those she labelled.
    const ada = await mine();
    const shared = ada.filter((m) => m.item.position <= 2);
    await expect.poll(() => rows.count(), WAIT).toBe(shared.length);
    const first = rows.first();
    await expect.poll(() => first.locator('td').nth(4).textContent(), WAIT).toBe('ambiguous');
    await expect.poll(() => first.locator('td').nth(5).textContent(), WAIT).toBe('tie');
    // Nobody has ruled on it yet (the review page does).
    await expect.poll(() => first.getByTestId('ruling-cell').textContent(), WAIT).toBe('none');
    expect(await first.getByRole('link').getAttribute('href')).toMatch(/^#\/episodes\/\d+$/);
    await expect.poll(() => page().getByTestId('annotators-progress').locator('tbody tr').allInnerTexts(), WAIT).toEqual([expect.stringMatching(/^Ada\s+3\/6/), expect.stringMatching(/^Bob\s+2\/6/)]);
    await screenshot(page(), 'annotation-disagreements');
  });

  it('downloads the labels CSV with readable headers', async () => {
    const file = await app.downloaded('Labels CSV');
    expect(file.text.split('\r\n')[0]).toBe('Set,Item,Position,Run,Episode,Turn,Entity,Dataset,Judge model,Question,Judge raw,Judge label,Annotator,Verdict,Correct answer,Note,Labelled at (UTC)');
  });

  it('counts down once when keys come faster than the store answers: never back up, never blank before "All labelled"', async () => {
    await app.go(`#/annotations/${setId}/label`);
    // The page asks for a name, or shows the last one's queue with a way to change it.
    await expect.poll(() => page().locator('#annotator-name, [data-testid="annotator"]').count(), WAIT).toBeGreaterThan(0);
    if (await page().getByTestId('annotator').count()) await page().getByRole('button', { name: 'change' }).click();
    await page().getByLabel('Your name').fill('Cy');
    await page().getByRole('button', { name: 'Start' }).click();
    await expect.poll(() => page().getByTestId('remaining').textContent(), WAIT).toBe('6 left');
    // A slow store, as on a busy machine: each label and refill is answered late (this delay is the condition tested, not a wait).
    const slow = async (route: { continue(): Promise<void> }) => {
      await new Promise((r) => setTimeout(r, 400));
      await route.continue();
    };
    await page().route('**/api/annotations.label', slow);
    await page().route('**/api/annotations.queue', slow);
    // Every count the page shows from now on, in order (an observer in the page, so none is missed).
    await page().evaluate(`(() => {
      window.counts = [];
      const note = () => window.counts.push(document.querySelector('[data-testid="remaining"]')?.textContent ?? '(none)');
      new MutationObserver(note).observe(document.querySelector('.annotate'), { subtree: true, childList: true, characterData: true });
    })()`);
    for (let i = 0; i < 6; i++) await page().keyboard.press('Enter');
    await expect.poll(() => app.store.annotations.progress(setId, 'Cy').done, { timeout: 30_000 }).toBe(6);
    await expect.poll(() => page().getByRole('heading', { name: 'All labelled' }).isVisible(), WAIT).toBe(true);
    const counts = (await page().evaluate<string[]>('window.counts')).map((c) => Number(/^(\d+) left$/.exec(c)?.[1] ?? -1));
    expect(counts.every((c) => c >= 0)).toBe(true);
    // Down to 0 and never back up: a late answer for an earlier label does not undo the later ones.
    for (let i = 1; i < counts.length; i++) expect(counts[i], `counts ${counts.join(', ')}`).toBeLessThanOrEqual(counts[i - 1]!);
    expect(counts.at(-1)).toBe(0);
    await page().unrouteAll();
  });
});
