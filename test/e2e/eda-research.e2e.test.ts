/**
 * EDA's research tools in Chromium: a run's games exported as training data from the run page
 * (per-turn rewards checked line by line against the schema and Eq. 1/Eq. 2).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ChatLineSchema, RewardsLineSchema } from '../../shared/contract/training';
import type { Store } from '../../electron/engine/store/store';
import { useAppStory } from '../support/app-browser';
import { requireBrowser, screenshot, WAIT } from '../support/browser';
import { playScriptedEda } from '../support/eda-scripted';

const problem = requireBrowser();

describe.skipIf(problem !== null)('EDA research tools in Chromium', () => {
  const dir = mkdtempSync(join(tmpdir(), 'parlor-e2e-research-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let runId = 0;
  const app = useAppStory('eda-research', async (store: Store) => {
    runId = await playScriptedEda(store, dir);
  });

  it("exports a run's games as chats and as per-turn rewards from the run page", async () => {
    const page = app.page;
    await app.go(`#/runs/${runId}`);
    const panel = page.getByTestId('training-export');
    await panel.locator('summary').click();
    const chats = await app.downloaded('Export training data');
    expect(chats.name).toBe(`runs-${runId}-chat-successful.jsonl`);
    const chatLines = chats.text.trim().split('\n').map((l) => ChatLineSchema.parse(JSON.parse(l)));
    expect(chatLines).toHaveLength(2);
    await expect.poll(() => page.getByTestId('training-notes').textContent(), WAIT).toContain(`2 games from run ${runId} as chats (successful games only).`);

    await panel.getByLabel('Kind').selectOption('rewards');
    await screenshot(page, 'eda-training-export');
    const rewards = await app.downloaded('Export training data');
    const lines = rewards.text.trim().split('\n').map((l) => RewardsLineSchema.parse(JSON.parse(l)));
    expect(lines).toHaveLength(6);
    const guitar = lines.find((l) => l.instance === 'Guitar')!;
    expect(guitar.turns.map((t) => t.reward)).toEqual([0.175, 0.15, 1]);
  });
});
