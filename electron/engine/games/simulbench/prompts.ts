/**
 * SimulBench's prompts, byte for byte as the reference code sends them (SimulBench/SimulBench @
 * 50682c9, src/prompts.py; the paper's Appendix B): the templates live in
 * `datasets/simulbench/prompts/` and are filled here the way Python's `str.format` and
 * `json.dumps(..., indent=2)` fill them, ensure_ascii included (every character outside printable
 * ASCII as \uXXXX), so a judge reads exactly what the paper's judge read.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { datasetsRoot } from '../../core/datasets';
import type { ChatMessage } from '../../players/types';

export type PromptName = 'system' | 'judge-single' | 'judge-pairwise' | 'judge-challenging-turn' | 'user-agent';

const cache = new Map<string, string>();

export function template(name: PromptName): string {
  const path = resolve(datasetsRoot(), 'simulbench', 'prompts', `${name}.txt`);
  let text = cache.get(path);
  if (text === undefined) {
    text = readFileSync(path, 'utf8');
    cache.set(path, text);
  }
  return text;
}

/** JSON as Python's json.dumps(value, indent=2) writes it: JavaScript's layout, non-ASCII escaped. */
export function pythonJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** One pass over {NAME} placeholders, as str.format: braces inside the values stay as they are. */
function fill(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(/\{([A-Z_0-9]+)\}/g, (whole, key: string) => values[key] ?? whole);
}

export interface HistoryMessage {
  role: string;
  content: string;
}

/** The dialogue as the judges read it: [{"user": …} | {"AI": …}] (make_up_dialogue). */
export function dialogueJson(history: readonly HistoryMessage[]): string {
  return pythonJson(history.map((m) => (m.role === 'user' ? { user: m.content } : { AI: m.content })));
}

const answerJson = (text: string) => pythonJson({ AI: text });

/** What the tested model (and the simulator while collecting) is sent: the system line, then the history. */
export function simulatorMessages(history: readonly HistoryMessage[]): ChatMessage[] {
  return [{ role: 'system', content: template('system') }, ...history.map((m): ChatMessage => ({ role: m.role === 'user' ? 'user' : 'assistant', content: m.content }))];
}

const judged = (user: string): ChatMessage[] => [
  { role: 'system', content: template('system') },
  { role: 'user', content: user },
];

/** The single-answer judge (Appendix B.4): rate the last response 1–10. */
export function singleJudgeMessages(act: string, history: readonly HistoryMessage[], answer: string): ChatMessage[] {
  return judged(fill(template('judge-single'), { SIMULATION: act, DIALOGUE: dialogueJson(history), RESPONSE: answerJson(answer) }));
}

/** The pairwise judge (Appendix B.4): A and B as given (the caller swaps them for the second order). */
export function pairwiseJudgeMessages(act: string, history: readonly HistoryMessage[], a: string, b: string): ChatMessage[] {
  return judged(fill(template('judge-pairwise'), { SIMULATION: act, DIALOGUE: dialogueJson(history), RESPONSE_1: answerJson(a), RESPONSE_2: answerJson(b) }));
}

/**
 * The first-challenging-turn judge (Appendix B.3). Turns are labelled from 0 in the dump while the
 * prompt asks for 1 to DIALOGUE_LEN (the number of messages) and the answer is read 1-based: the
 * reference code's quirk, kept so extraction matches it.
 */
export function challengingTurnMessages(dialogue: readonly HistoryMessage[]): ChatMessage[] {
  const turns: string[] = [];
  for (let i = 0; i < dialogue.length; i += 2) turns.push(`\n- Turn: ${i / 2}\n${pythonJson(dialogue.slice(i, i + 2).map((m) => ({ role: m.role, content: m.content })))}\n`);
  return judged(fill(template('judge-challenging-turn'), { DIALOGUE: turns.join('').trim(), DIALOGUE_LEN: String(dialogue.length) }));
}

/** The user agent (Appendix B.2): the dialogue so far, the task's request type, the strategy placeholder. */
export function userAgentMessages(dialogue: readonly HistoryMessage[], requestType: string, strategyType = 'a short description of the adopted strategy'): ChatMessage[] {
  const text = template('user-agent').replace('{DIALOGUE}', dialogueJson(dialogue)).replace('{REQUEST_TYPE}', requestType).replace('{STRATEGY_TYPE}', strategyType);
  return judged(text);
}

/** utterance_normalization: trimmed; a leading quote dropped, and then one trailing quote. */
export function normaliseAnswer(text: string): string {
  const t = text.trim();
  if (!t.startsWith('"')) return t;
  const rest = t.slice(1);
  return rest.endsWith('"') ? rest.slice(0, -1) : rest;
}
