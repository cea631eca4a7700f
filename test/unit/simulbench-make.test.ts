/**
 * SimulBench's script-making pipeline without the runner: extraction as the reference's
 * script_collection cuts (LastOnly, FirstChan, SubseqChan), the task loader naming every bad line,
 * the datasets and settings, the game master with the built-in players (a user agent that never
 * writes JSON recorded as a failure after its retries), and resuming from any prefix of the record.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { EventRecord } from '../../electron/engine/core/events';
import { unstoredRow, type InstanceRow } from '../../electron/engine/core/game';
import { readUserRequest } from '../../electron/engine/games/simulbench/parse';
import { challengingTurnMessages, userAgentMessages } from '../../electron/engine/games/simulbench/prompts';
import { ScriptSchema } from '../../electron/engine/games/simulbench/scripts';
import { makeBuiltins } from '../../electron/engine/games/simulbench_make/builtins';
import { makeDatasets } from '../../electron/engine/games/simulbench_make/datasets';
import { cutDialogue, scriptCount, scriptsOf, type DialogueMessage } from '../../electron/engine/games/simulbench_make/extract';
import { simulbenchMakeGame } from '../../electron/engine/games/simulbench_make/game';
import { dialogueOf, judgedTurn } from '../../electron/engine/games/simulbench_make/record';
import { MakeSettingsSchema } from '../../electron/engine/games/simulbench_make/settings';
import { loadTasks, parseTasks, strategyOverride, type Task } from '../../electron/engine/games/simulbench_make/tasks';
import type { ChatMessage } from '../../electron/engine/players/types';
import { playWithKit, scoresByLevel } from '../support/kit';
import { tempDir } from '../support/tmp';

const dialogue = (turns: number): DialogueMessage[] =>
  Array.from({ length: turns }, (_, k) => [
    { role: 'user' as const, content: `q${k + 1}` },
    { role: 'assistant' as const, content: `a${k + 1}` },
  ]).flat();
const TASK: Task = { id: '000#Echo', task_description: 'q1', request_type: 'your command', type: 'stateful', act: 'Echo' };

describe('script extraction (paper §2.4)', () => {
  it('no challenging turn: one LastOnly script, the dialogue without its last answer', () => {
    expect(cutDialogue(dialogue(4), 0)).toEqual([{ kind: 'last_only', turn_num: 0, dialogue_history: dialogue(4).slice(0, 7) }]);
  });

  it('turn t: FirstChan up to t’s query, then SubseqChan up to each later query', () => {
    const cuts = cutDialogue(dialogue(4), 2);
    expect(cuts.map((c) => [c.kind, c.turn_num, c.dialogue_history.length])).toEqual([
      ['first_chan', 2, 3],
      ['subseq_chan', 3, 5],
      ['subseq_chan', 4, 7],
    ]);
    expect(cuts.map((c) => c.dialogue_history.at(-1)!.content)).toEqual(['q2', 'q3', 'q4']);
    expect(cutDialogue(dialogue(4), 4).map((c) => [c.kind, c.turn_num])).toEqual([['first_chan', 4]]);
    expect(cutDialogue(dialogue(4), 1)).toHaveLength(4);
  });

  it('a turn outside 0 to the number of turns cuts nothing; the count agrees with the cuts', () => {
    for (const t of [-1, 5, 8, 1.5]) expect(cutDialogue(dialogue(4), t)).toEqual([]);
    for (let turns = 1; turns <= 5; turns++) for (let t = 0; t <= turns + 1; t++) expect(scriptCount(turns, t)).toBe(cutDialogue(dialogue(turns), t).length);
  });

  it('scripts carry the task and the dialogue’s source, and read as SimulBench scripts', () => {
    const made = scriptsOf(TASK, dialogue(3), 2, 'run7-rep2');
    expect(made.map((m) => m.kind)).toEqual(['first_chan', 'subseq_chan']);
    for (const [id, m] of made.entries()) {
      expect(Object.keys(m.script)).toEqual(['source_id', 'act', 'task_description', 'type', 'source_file_name', 'turn_num', 'dialogue_history']);
      expect(ScriptSchema.parse({ id, ...m.script })).toMatchObject({ source_id: '000#Echo', act: 'Echo', type: 'stateful', source_file_name: 'run7-rep2' });
    }
  });
});

describe('SimulBench tasks', () => {
  it('the 109 released tasks: 51 stateful, 58 stateless, tagged by act and type', () => {
    const all = makeDatasets.load({ name: 'simulbench-tasks' });
    expect(all.instances).toHaveLength(109);
    expect(makeDatasets.load({ name: 'simulbench-tasks', subset: 'stateful' }).instances).toHaveLength(51);
    expect(makeDatasets.load({ name: 'simulbench-tasks', subset: 'stateless' }).instances).toHaveLength(58);
    expect(all.instances[0]).toMatchObject({ key: '000#Linux_Terminal', name: 'Linux Terminal', tags: { act: 'Linux Terminal', type: 'stateful' } });
    expect(() => makeDatasets.load({ name: 'simulbench-tasks', subset: 'hard' })).toThrow(/Unknown subset "hard".*all, stateful, stateless/);
    expect(() => makeDatasets.load({ name: 'tasks' })).toThrow(/Unknown dataset "tasks"/);
  });

  it('a user’s tasks file: every bad line named, blank lines skipped', () => {
    const good = { id: 'mine#1', task_description: 'Act as a calculator.', request_type: 'your sum', type: 'stateless', act: 'Calculator' };
    const lines = [JSON.stringify(good), '', '{"id": "x"', JSON.stringify({ ...good, id: 'mine#2', type: 'sideways' }), JSON.stringify({ ...good, id: 'mine#3', request_type: undefined }), JSON.stringify(good), JSON.stringify({ ...good, id: 4, extra: 1 })];
    const { tasks, problems } = parseTasks(lines.join('\n'));
    expect(tasks.map((t) => t.id)).toEqual(['mine#1', 'mine#1']);
    expect(problems.map((p) => [p.line, p.message.split(':')[0]])).toEqual([
      [3, 'not JSON'],
      [4, 'type'],
      [5, 'request_type'],
      [6, 'task id mine#1 is used again (first on line 1)'],
      [7, 'task'],
    ]);
    expect(parseTasks('\n\n').problems).toEqual([{ severity: 'error', line: 0, message: 'no tasks: the file is empty' }]);
    const path = join(tempDir(), 'tasks.jsonl');
    writeFileSync(path, lines.join('\n'));
    expect(() => loadTasks(path)).toThrow(/tasks\.jsonl:3: not JSON[\s\S]*tasks\.jsonl:6: task id mine#1 is used again/);
    writeFileSync(path, `\uFEFF${JSON.stringify(good)}\n${JSON.stringify({ ...good, id: 7, type: 'stateful' })}\n`);
    const loaded = makeDatasets.load({ name: 'mine', file: path, subset: 'stateful' });
    expect(loaded.name).toMatch(/^tasks@[0-9a-f]{8}$/);
    expect(loaded.instances.map((i) => i.key)).toEqual(['7']);
  });

  it('the v1 strategy overrides by today’s ids, rendered inside the prompt’s brackets', () => {
    expect(strategyOverride('001#JavaScript_Console')).toMatch(/^A more difficult piece of codes/);
    expect(strategyOverride('000#Linux_Terminal')).toBeUndefined();
    const text = String(userAgentMessages(dialogue(1), 'your JavaScript codes', strategyOverride('001#JavaScript_Console')).at(-1)!.content);
    expect(text).toContain('"strategy": "[A more difficult piece of codes');
  });

  it('settings default to the paper’s', () => {
    expect(MakeSettingsSchema.parse({})).toEqual({
      turns: 4,
      userAgentTemperature: 1.2,
      userAgentMaxTokens: 300,
      userAgentRetries: 2,
      simulatorTemperature: 0,
      simulatorMaxTokens: 1024,
      judgeTemperature: 0,
      judgeMaxTokens: 200,
      judgeRetries: 2,
      taskConfig: false,
    });
    expect(() => MakeSettingsSchema.parse({ turns: 0 })).toThrow();
  });
});

describe('the built-in players', () => {
  it('the user agent fills the JSON block (fenced every other turn), the judge names a turn of the dialogue', () => {
    const ask = (d: DialogueMessage[]) => makeBuiltins.user_agent!(userAgentMessages(d, 'your command'));
    expect(readUserRequest(ask(dialogue(1)))).toEqual({ ok: true, value: { request: 'your command (turn 2)', strategy: '3' } });
    expect(ask(dialogue(1))).toMatch(/^```\n\{/);
    expect(ask(dialogue(2))).toMatch(/^\{/);
    expect(readUserRequest(ask(dialogue(2)))).toMatchObject({ ok: true, value: { request: 'your command (turn 3)' } });
    const turns = new Set<number>();
    for (let k = 0; k < 30; k++) {
      const d = dialogue(4).map((m) => ({ ...m, content: `${m.content}-${k}` }));
      const t = Number(/\[\[(\d+)\]\]/.exec(makeBuiltins.judge!(challengingTurnMessages(d)))![1]);
      expect(t).toBeLessThanOrEqual(4);
      turns.add(t);
    }
    expect([...turns].sort()).toEqual([0, 1, 2, 3, 4]);
  });
});

const INSTANCE: InstanceRow = unstoredRow(makeDatasets.load({ name: 'simulbench-tasks' }).instances[0]!, 'all', 0);
const settings = (input: Record<string, unknown> = {}) => simulbenchMakeGame.settings.parse(input);
const builtin = (variants: Record<string, string> = {}) => (seat: string, messages: readonly ChatMessage[]) => makeBuiltins[seat]!(messages, variants[seat]);
const play = (reply: ReturnType<typeof builtin>, prior: readonly EventRecord[] = [], input: Record<string, unknown> = {}) => playWithKit(simulbenchMakeGame, INSTANCE, settings(input), reply, { prior });
const steps = (events: readonly EventRecord[]) => events.map((e) => [e.round, e.kind, e.from, e.to, e.text, e.action, e.valid]);

describe('the game master', () => {
  it('plays four turns, then asks for the first challenging turn; the score follows the extraction', async () => {
    const { events, calls } = await play(builtin());
    expect(calls.map((c) => c.seat)).toEqual(['simulator', 'user_agent', 'simulator', 'user_agent', 'simulator', 'user_agent', 'simulator', 'judge']);
    const d = dialogueOf(events, INSTANCE.payload as Task);
    expect(d).toHaveLength(8);
    expect(d[0]!.content).toBe((INSTANCE.payload as Task).task_description);
    expect(d[2]!.content).toBe('your executable complicated linux command (turn 2)');
    // The simulator sees the system line and the dialogue; the judge the whole dialogue.
    expect(calls[2]!.messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(calls.at(-1)!.messages).toEqual(challengingTurnMessages(d));
    const t = judgedTurn(events)!;
    const { outcome, episode } = scoresByLevel(simulbenchMakeGame.score({ events, instance: INSTANCE, settings: settings(), seats: [] }));
    expect(outcome).toBe('success');
    expect(episode).toEqual({ challenging_turn: t, scripts: scriptCount(4, t), first_chan: t > 0 ? 1 : 0, turns: 4 });
  });

  it('a user agent that never writes the JSON block: asked again twice with the block, then the dialogue fails', async () => {
    const { events } = await play(builtin({ user_agent: 'prose' }));
    const agent = events.filter((e) => e.from === 'user_agent' || e.to === 'user_agent');
    // The system line, the prompt; each refusal and its correction.
    expect(agent.map((e) => [e.kind, e.valid])).toEqual([
      ['prompt', null],
      ['prompt', null],
      ['response', false],
      ['reprompt', null],
      ['response', false],
      ['reprompt', null],
      ['response', false],
      ['system', null],
    ]);
    expect(agent[3]!.text).toMatch(/^Only output the JSON code block, nothing else!\n```\n\{\n {4}"user"/);
    expect(events.at(-1)!.text).toMatch(/no readable request after 2 retries/);
    const { outcome, episode } = scoresByLevel(simulbenchMakeGame.score({ events, instance: INSTANCE, settings: settings(), seats: [] }));
    expect([outcome, episode]).toEqual(['aborted', { scripts: 0, turns: 1 }]);
  });

  it('refuses a turn after the dialogue’s last, and a turn in prose, then takes a readable one', async () => {
    const replies = ['Turn: [[7]]', 'the second turn', 'Turn: [[2]]'];
    const { events } = await play((seat, messages) => (seat === 'judge' ? replies.shift()! : builtin()(seat, messages)));
    const judge = events.filter((e) => e.from === 'judge' || e.to === 'judge');
    expect(judge.map((e) => [e.kind, e.valid, e.kind === 'reprompt' ? (e.action as { reason: string }).reason : null])).toEqual([
      ['prompt', null, null],
      ['prompt', null, null],
      ['response', false, null],
      ['reprompt', null, "turn 7 is after the dialogue's last turn (4)"],
      ['response', false, null],
      ['reprompt', null, 'no turn number in the "[[TURN_NUMBER]]" format'],
      ['response', true, null],
    ]);
    expect(judgedTurn(events)).toBe(2);
  });

  it('with taskConfig, the user agent is given the task’s v1 strategy text; without, the prompt’s placeholder', async () => {
    const js = unstoredRow(makeDatasets.load({ name: 'simulbench-tasks' }).instances[1]!, 'all', 1);
    const prompts = async (taskConfig: boolean) => (await playWithKit(simulbenchMakeGame, js, settings({ taskConfig }), builtin())).calls.filter((c) => c.seat === 'user_agent').map((c) => String(c.messages.at(-1)!.content));
    for (const text of await prompts(true)) expect(text).toContain(`"strategy": "[${strategyOverride('001#JavaScript_Console')!}]"`);
    for (const text of await prompts(false)) expect(text).toContain('"strategy": "[a short description of the adopted strategy]"');
  });

  it('resumed from any prefix of its record, it ends with the same record', async () => {
    for (const variants of [{}, { user_agent: 'prose' }] as Record<string, string>[]) {
      const whole = await play(builtin(variants));
      for (let k = 0; k < whole.events.length; k++) {
        const resumed = await play(builtin(variants), whole.events.slice(0, k));
        expect(steps(resumed.events)).toEqual(steps(whole.events));
      }
    }
  });
});
