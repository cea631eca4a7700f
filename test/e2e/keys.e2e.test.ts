/**
 * Keys and models in Chromium (issue 17): a key typed for one model stays that model's (both show as
 * stored, one works and one does not, forgetting one leaves the other); the form's problems appear
 * only once a field was left; the price editor adds, edits and removes prices, and a run's cost reads
 * "unknown (no price for …)" until every model it used has one.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { createModel } from '../../electron/engine/players/factory';
import { executeRun } from '../../electron/engine/runner/execute';
import { prepareRun } from '../../electron/engine/runner/prepare';
import { startMockProvider, type MockProvider } from '../mock-provider/server';
import { useAppStory } from '../support/app-browser';
import { requireBrowser, screenshot, STORY, WAIT } from '../support/browser';

const SECRET = 'sk-e2e-keys-7c1d';
const problem = requireBrowser();

describe.skipIf(problem !== null)('keys and prices in Chromium', STORY, () => {
  let mock: MockProvider | undefined;
  let runId = 0;
  const model = (name: string) => ({ provider: 'openai' as const, model: name, baseUrl: mock!.openaiBaseUrl, apiKeyEnv: 'MOCK_KEY' });
  const app = useAppStory('keys', async (store) => {
    mock = await startMockProvider({ apiKey: SECRET });
    // A finished run on the mock provider, its tokens recorded, with no price set yet.
    const factory = (c: Parameters<typeof createModel>[0], o?: Parameters<typeof createModel>[1]) => createModel(c, o, { MOCK_KEY: SECRET });
    const config = { dataset: { name: 'things', split: 'test' }, limit: 1, repetitions: 1, seed: 3, preflight: false, players: { guesser: model('mock-guesser'), judge: model('mock-judge') } };
    runId = (await prepareRun(store, config, { createModel: factory })).runId;
    await executeRun(store, runId, { createModel: factory });
  });
  afterAll(async () => {
    await mock?.close();
  });
  const page = () => app.page;
  const row = (name: string) => page().getByTestId('model-profile').filter({ has: page().getByRole('cell', { name, exact: true }) });
  const priceRows = () => page().getByTestId('price-row');

  it('shows a form’s problems only once a field was left, and all of them when saving is tried', async () => {
    await app.go('#/models');
    const form = page().getByTestId('model-form');
    await form.waitFor(WAIT);
    expect(await form.locator('.field-problem').count()).toBe(0);
    await page().getByLabel('Name').focus();
    expect(await form.locator('.field-problem').count()).toBe(0); // focused, not yet left
    await page().getByLabel('Model id').focus(); // leaves Name empty
    await expect.poll(() => form.locator('.field-problem').allTextContents(), WAIT).toEqual(['Give the model a name, e.g. "GPT-4o" or "local vLLM".']);
    await page().getByRole('button', { name: 'Add model' }).click();
    await expect.poll(() => form.locator('.field-problem').allTextContents(), WAIT).toEqual(['Give the model a name, e.g. "GPT-4o" or "local vLLM".', 'Type the model id, e.g. gpt-4o.']);
    await expect.poll(() => form.getByRole('alert').textContent(), WAIT).toBe('Check the 2 fields marked above.');
    await expect.poll(() => page().getByLabel('Name').getAttribute('aria-invalid'), WAIT).toBe('true');
    await screenshot(page(), 'keys-form-problems');
  });

  it('keeps a key per model: two keys typed, both stored, each used for its own model only; forgetting one leaves the other', async () => {
    for (const [name, id, key] of [['Model A', 'mock-guesser', SECRET], ['Model B', 'mock-judge', 'sk-not-the-key']] as const) {
      await page().getByLabel('Name').fill(name);
      await page().getByLabel('Model id').fill(id);
      await page().getByLabel('Base URL').fill(mock!.openaiBaseUrl);
      await page().getByLabel('Key variable').fill('MOCK_KEY');
      await page().getByLabel('API key').fill(key);
      await page().getByRole('button', { name: 'Add model' }).click();
      await expect.poll(() => row(name).count(), WAIT).toBe(1);
    }
    expect(await page().getByTestId('model-form').locator('.field-problem').count()).toBe(0);
    // The price table lists the new models as unpriced without a reload.
    await expect.poll(() => page().getByTestId('price-missing').getByRole('button').count(), WAIT).toBe(2);
    await expect.poll(() => page().locator('[data-testid="model-profile"][data-key-status="stored"]').count(), WAIT).toBe(2);
    await expect.poll(() => row('Model A').locator('.badge').textContent(), WAIT).toBe('own key stored');
    await expect.poll(() => row('Model B').locator('.badge').textContent(), WAIT).toBe('own key stored');

    await row('Model A').getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => row('Model A').getByRole('status').textContent(), WAIT).toMatch(/^✓ Connected in \d+ ms/);
    await row('Model B').getByRole('button', { name: 'Test connection' }).click();
    await expect.poll(() => row('Model B').getByRole('status').textContent(), WAIT).toMatch(/^✗ .*MOCK_KEY/);
    await screenshot(page(), 'keys-two-keys');

    await row('Model A').getByTestId('forget-key').click();
    await expect.poll(() => row('Model A').getAttribute('data-key-status'), WAIT).toBe('missing');
    await expect.poll(() => row('Model A').locator('.badge').textContent(), WAIT).toBe('no key');
    await expect.poll(() => row('Model B').getAttribute('data-key-status'), WAIT).toBe('stored');
    await expect.poll(() => row('Model A').getByTestId('forget-key').count(), WAIT).toBe(0);
    await expect.poll(() => row('Model B').getByTestId('forget-key').count(), WAIT).toBe(1);
    expect(await page().content()).not.toContain(SECRET);
    await screenshot(page(), 'keys-forgot-one');
  });

  it('says a run’s cost is unknown, naming the models without a price, not $0.00', async () => {
    await app.go(`#/runs/${runId}`);
    await expect.poll(() => page().getByTestId('run-cost').textContent(), WAIT).toBe('unknown (no price for openai:mock-guesser, openai:mock-judge)');
    expect(await page().getByText('$0.00').count()).toBe(0);
  });

  it('adds, checks, edits and removes prices in the editor, and the run’s cost follows', async () => {
    page().on('dialog', (dialog) => void dialog.accept());
    await app.go('#/models');
    const table = page().getByTestId('price-table');
    await table.waitFor(WAIT);
    await expect.poll(() => table.getByTestId('price-missing').getByRole('button').allTextContents(), WAIT).toEqual(['Add price for openai:mock-guesser', 'Add price for openai:mock-judge']);

    await table.getByRole('button', { name: 'Add price for openai:mock-guesser' }).click();
    await expect.poll(() => page().getByLabel('Priced model').inputValue(), WAIT).toBe('mock-guesser');
    await page().getByLabel('Input $ per million tokens').fill('-2');
    await page().getByLabel('Output $ per million tokens').focus();
    await expect.poll(() => table.locator('.field-problem').allTextContents(), WAIT).toEqual(['The input price cannot be negative.']);
    await page().getByLabel('Input $ per million tokens').fill('2.50');
    await page().getByLabel('Output $ per million tokens').fill('10');
    await table.getByRole('button', { name: 'Add price', exact: true }).click();
    await expect.poll(() => priceRows().count(), WAIT).toBe(1);
    await expect.poll(() => priceRows().first().locator('td').allTextContents(), WAIT).toEqual(expect.arrayContaining(['openai:mock-guesser', '$2.50', '$10.00']));

    await table.getByRole('button', { name: 'Add price for openai:mock-judge' }).click();
    await page().getByLabel('Input $ per million tokens').fill('0.5');
    await page().getByLabel('Output $ per million tokens').fill('1.5');
    await table.getByRole('button', { name: 'Add price', exact: true }).click();
    await expect.poll(() => priceRows().count(), WAIT).toBe(2);
    await expect.poll(() => table.getByTestId('price-missing').count(), WAIT).toBe(0);

    await table.getByRole('button', { name: 'Edit the price of openai:mock-guesser' }).click();
    await expect.poll(() => page().getByLabel('Priced model').getAttribute('readonly'), WAIT).not.toBeNull();
    await page().getByLabel('Input $ per million tokens').fill('3');
    await table.getByRole('button', { name: 'Save price' }).click();
    await expect.poll(() => priceRows().first().locator('td').nth(1).textContent(), WAIT).toBe('$3.00');
    await screenshot(page(), 'keys-prices');

    await app.go(`#/runs/${runId}`);
    await expect.poll(() => page().getByTestId('run-cost').textContent(), WAIT).toMatch(/^\$\d+\.\d{2,4}$/);
    expect(await page().getByTestId('run-cost').textContent()).not.toBe('$0.00');

    await app.go('#/models');
    await table.getByRole('button', { name: 'Remove the price of openai:mock-judge' }).click();
    await expect.poll(() => priceRows().count(), WAIT).toBe(1);
    await app.go(`#/runs/${runId}`);
    await expect.poll(() => page().getByTestId('run-cost').textContent(), WAIT).toBe('unknown (no price for openai:mock-judge)');
  });
});
