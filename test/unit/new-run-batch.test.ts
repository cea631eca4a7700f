import { describe, expect, it } from 'vitest';
import type { GameInfo } from '../../shared/api/contract';
import { RunConfigSchema } from '../../shared/contract/run';
import { INITIAL, localProblems, runConfig } from '../../renderer/src/pages/newRunForm';

const game = { id: 'eda', roles: [{ id: 'guesser', label: 'Guesser' }, { id: 'judge', label: 'Judge' }] } as unknown as GameInfo;
const profiles = [{ id: 1, name: 'm', config: { provider: 'openai', model: 'gpt-4o' } }] as never[];
const form = { ...INITIAL, dataset: 'things', subset: 'test', players: { guesser: '1', judge: '1' } };

describe('the New run form in batch mode', () => {
  it('sends no batch field in live mode', () => {
    expect(runConfig(form, game, profiles)).not.toHaveProperty('batch');
  });

  it('batches every role, or only the ticked ones, polling at the chosen interval', () => {
    const all = runConfig({ ...form, mode: 'batch' }, game, profiles);
    expect(all).toMatchObject({ batch: { pollMs: 30_000 } });
    expect((all as { batch: object }).batch).not.toHaveProperty('roles');
    const judge = runConfig({ ...form, mode: 'batch', batchRoles: ['judge'], pollSeconds: '0.5' }, game, profiles);
    expect(judge).toMatchObject({ batch: { roles: ['judge'], pollMs: 500 } });
    expect(RunConfigSchema.safeParse(judge).success).toBe(true);
  });

  it('refuses a poll interval that is not a number of seconds from 0.01 to 3600', () => {
    expect(localProblems({ ...form, mode: 'batch', pollSeconds: 'soon' }, game).pollSeconds).toBe('Seconds from 0.01 to 3600.');
    expect(localProblems({ ...form, mode: 'batch', pollSeconds: '0' }, game).pollSeconds).toBeDefined();
    expect(localProblems({ ...form, mode: 'live', pollSeconds: 'soon' }, game).pollSeconds).toBeUndefined();
  });
});
