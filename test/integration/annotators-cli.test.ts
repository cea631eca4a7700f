/**
 * The CLI's annotators and rulings (issue 28, items 5 and 7): who rules is always explicit
 * (`--annotator`, or the database's current annotator), and neither is refused in one line; a ruling
 * shows in the review list, the item's history and the report.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { annotationsCommand } from '../../electron/cli/commands/annotations';
import { annotatorsCommand } from '../../electron/cli/commands/annotators';
import * as annotation from '../../electron/engine/annotation/sets';
import { ScriptedModel } from '../../electron/engine/players/scripted';
import { Store } from '../../electron/engine/store/store';
import { textOf } from '../../shared/contract/content';
import { mockGuesser, mockJudge } from '../mock-provider/behaviours';
import { parlor } from '../support/cli';
import { playScripted } from '../support/scripted-run';
import { tempDir } from '../support/tmp';

/** What a command prints, run in this process (the refusals' one-line form is main.ts's, checked once through the real binary). */
function printed(command: () => unknown): string {
  const out: string[] = [];
  const log = console.log;
  console.log = (...args: unknown[]) => void out.push(`${args.map(String).join(' ')}\n`);
  try {
    command();
  } finally {
    console.log = log;
  }
  return out.join('');
}

/** A set whose first yes/no item ada and bo split on (a tie). */
async function disputed(): Promise<{ db: string; itemId: number; other: string }> {
  const db = join(tempDir(), 'parlor.db');
  const store = Store.open(db);
  try {
    const runId = await playScripted(store, { dataset: { name: 'things', subset: 'test' }, limit: 2, repetitions: 1, seed: 3 }, {
      guesser: new ScriptedModel('g', (r) => mockGuesser(r.messages.map((m) => ({ role: m.role, content: textOf(m.content) })), r.seed ?? 0)),
      judge: new ScriptedModel('j', (r) => mockJudge(textOf(r.messages[0]!.content))),
    });
    const set = annotation.createSet(store, 'check', { runs: [runId], method: 'random', size: 4, seed: 1 });
    const item = store.annotations.items(set.id, 'label').find((i) => i.label === 'yes' || i.label === 'no')!;
    const other = item.label === 'yes' ? 'no' : 'yes';
    annotation.label(store, { setId: set.id, itemId: item.itemId, annotator: 'ada', verdict: 'correct' });
    annotation.label(store, { setId: set.id, itemId: item.itemId, annotator: 'bo', verdict: 'wrong', answer: other });
    return { db, itemId: item.itemId, other };
  } finally {
    store.close();
  }
}

describe('parlor annotators and rulings', () => {
  it('refuses a ruling by nobody in one line; rules as --annotator or as the chosen annotator; shows it in review, history and report', async () => {
    const { db, itemId, other } = await disputed();
    const nobody = await parlor(db, ['annotations', 'rule', '1', String(itemId), other]);
    expect(nobody.code).toBe(2);
    expect(nobody.stderr.trim().split('\n')).toHaveLength(1);
    expect(nobody.stderr).toMatch(/Say who is ruling: --annotator <name>, or choose this database's annotator first \(parlor annotators use <name>\)/);

    const annotators = (action: string, ...args: string[]) => printed(() => annotatorsCommand(action, args, { db }));
    const annotations = (action: string, args: string[], flags: Record<string, string> = {}) => printed(() => annotationsCommand(action, ['1', ...args], { db, ...flags }));
    expect(() => annotators('use', 'cy')).toThrow(/^No annotator named "cy" in this database: create them first/);
    annotators('add', 'cy');
    expect(annotators('use', 'cy')).toContain('This database now labels as cy.');
    const list = annotators('list');
    expect(list).toMatch(/^\*\s+cy\s/m);
    expect(list).toMatch(/^\s+ada\s/m);

    // ada labelled the item: she may not rule on it, even when named.
    expect(() => annotations('rule', [String(itemId), other], { annotator: 'ada' })).toThrow(/^ada labelled item \d+: a ruling comes from someone who did not label it\.$/);
    expect(() => annotations('rule', [String(itemId), 'perhaps'])).toThrow(/^Say the ruling: correct, ambiguous, or the correct label \(yes, no, maybe, dunno\), not "perhaps"\.$/);

    expect(annotations('rule', [String(itemId), other], { note: 'the rules say so' }).trim()).toBe(`Ruled on item ${itemId} as cy: ${other}. 0 disputed items left for cy.`);
    const review = annotations('review', []);
    expect(review).toMatch(/Set 1: 1 disputed, 1 ruled, 0 waiting for cy\./);
    expect(review).toMatch(new RegExp(`ada: \\w+, bo: ${other}\\s+tie\\s+${other} \\(cy\\)`));
    const history = annotations('history', [String(itemId)]);
    expect(history).toMatch(/\bada\b.*counts/);
    expect(history).toMatch(new RegExp(`rulings[\\s\\S]*cy\\s+${other}\\s+counts\\s+the rules say so`));
    const report = annotations('report', []);
    expect(report).toMatch(/· 0 ties · \d+ unlabelled · 1 adjudicated$/m);
    expect(report).toMatch(new RegExp(`adjudicated \\(a ruling decides them\\): #\\d+ ${other} \\(cy\\)`));
  }, 60_000);
});
