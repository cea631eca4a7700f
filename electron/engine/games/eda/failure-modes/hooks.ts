/**
 * EDA's failure modes for the core (paper §4.1, Table 2): the rule-based detectors over the
 * guesser's questions, with every entity of the bundled dataset of the game's kind (and the hidden
 * one's aliases) as the names a guess can carry; and the LLM tagger's prompt.
 */
import type { FailureModeHooks, FailureModeInfo } from '../../../capabilities/failure-modes/provision';
import { RunConfigError } from '../../../core/run-config';
import { edaDatasets, edaPayload } from '../datasets';
import type { EdaSettings } from '../settings';
import { edaTurns } from '../turns';
import { DEFAULT_FAILURE_RULES, detectFailureModes, guessTest, type FailureRules } from './detect';

export const EDA_FAILURE_MODES: readonly FailureModeInfo[] = [
  { id: 'early_enumeration', label: 'Early enumeration', description: 'guessing specific entities, or running through one question frame, before the scope is narrowed (fewer than minYes Yes answers)' },
  { id: 'redundancy', label: 'Redundancy', description: 'a question with the same content as an earlier one (equal content words, or Jaccard similarity at least the similarity threshold)' },
  { id: 'inconsistency', label: 'Inconsistency', description: 'a question or guess contradicting an earlier answer (a guess already answered No, a scope already ruled out, a Yes negated)' },
];

// Every entity of the bundled datasets a guess may name, per kind, built once.
const vocabularies = new Map<string, (q: string) => string | null>();
function vocabulary(kind: string): { name: string; aliases: string[] }[] {
  const bundled = edaDatasets.bundled().find((d) => d.kind === kind);
  if (!bundled) return [];
  return bundled.subsets.flatMap((subset) => edaDatasets.load({ name: bundled.name, subset }).instances.map((i) => ({ name: i.name, aliases: edaPayload(i.payload).aliases })));
}

function isGuessFor(kind: string, own: { name: string; aliases: string[] }): (q: string) => string | null {
  let known = vocabularies.get(kind);
  if (!known) {
    known = guessTest(vocabulary(kind));
    vocabularies.set(kind, known);
  }
  const hidden = guessTest([own]);
  return (q) => hidden(q) ?? known(q);
}

export function edaFailureRules(input: unknown): FailureRules {
  const given = (input ?? {}) as Record<string, unknown>;
  const rules: FailureRules = { ...DEFAULT_FAILURE_RULES };
  for (const [key, value] of Object.entries(given)) {
    if (!(key in DEFAULT_FAILURE_RULES)) throw new RunConfigError(`Unknown failure-mode rule "${key}": the rules are ${Object.keys(DEFAULT_FAILURE_RULES).join(', ')}.`);
    const n = Number(value);
    const ok = key === 'similarity' ? n > 0 && n <= 1 : Number.isInteger(n) && n >= 1;
    if (!ok) throw new RunConfigError(`Failure-mode rule ${key} must be ${key === 'similarity' ? 'a number in (0, 1]' : 'a whole number of at least 1'}, not ${JSON.stringify(value)}.`);
    rules[key as keyof FailureRules] = n;
  }
  return rules;
}

export const edaFailureModes: FailureModeHooks<EdaSettings> = {
  seat: 'guesser',
  modes: EDA_FAILURE_MODES,
  rules: (input) => ({ ...edaFailureRules(input) }),
  detect({ events, instance, datasetKind, rules }) {
    const own = edaPayload(instance.payload);
    const turns = edaTurns(events).turns.map((t) => ({ idx: t.idx, question: t.question, label: t.label }));
    return detectFailureModes(turns, isGuessFor(datasetKind, { name: instance.name, aliases: own.aliases }), edaFailureRules(rules)).map((t) => ({
      mode: t.mode, round: t.turn, related: t.related, rule: t.rule, reason: t.reason,
    }));
  },
  taggerPrompt(events, modes) {
    const turns = edaTurns(events).turns.map((t) => `Turn ${t.idx}. Q: ${t.question} A: ${t.raw ?? 'Bingo!'}`);
    return [
      'Below is a game of 20 questions: a guesser asks yes/no questions to find a hidden entity, and gets an answer to each.',
      "Tag the guesser's failures of these kinds:",
      ...modes.map((m) => `- ${m.id}: ${m.description}`),
      '',
      ...turns,
      '',
      'Answer with a JSON array only, one object per failure: [{"turn": <number>, "mode": "<kind>", "reason": "<one sentence>"}]. Answer [] when there is none.',
    ].join('\n');
  },
  rounds: (events) => edaTurns(events).turns.map((t) => t.idx),
};
