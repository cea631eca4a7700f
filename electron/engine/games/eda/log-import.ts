/**
 * The EDA reference harness's games (apple/ml-entity-deduction-arena: `GPT_Q20.py`,
 * `GPT_Q20_celebrity.py`), one text file per game, as `parlor import eda <folder>` reads them:
 *
 *   item: <the entity's dataset line>
 *   Turn 0, User: <the instruction>
 *   Turn 1, Assistant: <question 1>
 *   Turn 1, User: <answer 1>
 *   …                                (a line without "Turn" continues the message above it)
 *
 * Each file is matched to its entity in a bundled dataset (by the `item:` line, else the file name, as
 * `eval_result.py` does), and its questions and the judge's answers become the replies the core's
 * importer replays through Parlor's game master. What the reference appended to the saved history (the
 * "must guess now" and "is it right?" suffixes) is taken off again: Parlor's master adds them itself.
 * `logged` is what `eval_result.py` reads from the same file, so the import report lists every place
 * where the two disagree (the README explains each kind).
 */
import { basename, dirname, relative, sep } from 'node:path';
import type { InstanceInput } from '../../core/game';
import type { LoggedEpisodeInput, LogProblem, LogReadOptions, LogReading, LogSource } from '../../core/log-import';
import { logFiles, logText } from '../../core/log-files';
import { UserError } from '../../errors';
import { BUNDLED_EDA, edaDatasets, SPLITS } from './datasets';
import { edaScore } from './metrics';
import { EdaSettingsSchema } from './settings';

const TURN = /^Turn (\d+), (User|Assistant): ?(.*)$/;
/** The suffixes and turn limit the reference runs with: EDA's defaults, which follow it. */
const SETTINGS = EdaSettingsSchema.parse({});

interface Message {
  turn: number;
  role: 'User' | 'Assistant';
  text: string;
}

/** What `eval_result.py` reads from a game file: #Turns and Success from its last line, #Yes from every user line. */
export function referenceReading(lines: readonly string[]): Record<string, number | null> {
  const last = lines.at(-1) ?? '';
  const success = last.toLowerCase().includes('bingo') ? 1 : 0;
  const turn = /Turn (\d+)/.exec(last);
  const turns = turn ? Number(turn[1]) : null;
  const yes = lines.filter((l) => l.includes('User:') && l.toLowerCase().includes('yes')).length;
  // eval_result.py's score is Eq. 1 with the paper's λ = 0.02 and five free turns, whatever Parlor's settings.
  const score = turns === null ? null : edaScore(turns, success === 1, { lambda: 0.02, freeTurns: 5 });
  return { Num_Turns: turns, Success: success, Num_Yes: yes, Score: score };
}

/** The messages of a game file, its continuation lines joined to the message above them; null without any "Turn" line. */
function messagesOf(lines: readonly string[]): Message[] | null {
  const messages: Message[] = [];
  for (const line of lines) {
    const m = TURN.exec(line);
    if (m) messages.push({ turn: Number(m[1]), role: m[2] as Message['role'], text: m[3]! });
    else if (messages.length) messages.at(-1)!.text += `\n${line}`;
  }
  return messages.length ? messages : null;
}

const stripEnd = (text: string, suffix: string) => (suffix && text.endsWith(suffix) ? text.slice(0, -suffix.length) : text);

/** The guesser's questions and the judge's answers of one game, or why the file is not one. */
export function parseGame(text: string): { entity: string | null; questions: string[]; answers: string[]; lines: string[] } | string {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  const entity = /^item: (.*)$/.exec(lines[0] ?? '')?.[1]?.trim() ?? null;
  const messages = messagesOf(lines);
  if (!messages) return 'no "Turn N, User:" line: not a game file of the EDA reference harness';
  if (messages[0]!.turn !== 0 || messages[0]!.role !== 'User') return 'it does not open with the instruction ("Turn 0, User: …")';
  const questions: string[] = [];
  const answers: string[] = [];
  for (let k = 1; k < messages.length; k += 2) {
    const turn = (k + 1) / 2;
    const [question, answer] = [messages[k]!, messages[k + 1]];
    if (question.turn !== turn || question.role !== 'Assistant') return `turn ${turn} should open with the guesser's question ("Turn ${turn}, Assistant: …"), not "Turn ${question.turn}, ${question.role}"`;
    if (!answer) return `the file stops after question ${turn}, before its answer: the game was cut short`;
    if (answer.turn !== turn || answer.role !== 'User') return `question ${turn} should be answered by "Turn ${turn}, User: …", not "Turn ${answer.turn}, ${answer.role}"`;
    questions.push(turn === SETTINGS.maxTurns ? stripEnd(question.text, SETTINGS.finalGuessSuffix) : question.text);
    answers.push(turn === SETTINGS.maxTurns - 1 ? stripEnd(answer.text, SETTINGS.mustGuessSuffix) : answer.text);
  }
  if (questions.length === 0) return 'the file holds the instruction and no question';
  // "Bingo!" is the rules' answer, never the judge's: Parlor's master decides it again from the question.
  if (answers.at(-1) === 'Bingo!') answers.pop();
  return { entity, questions, answers, lines };
}

/** The differences every reference file shows, said once: eval_result.py's reading, not a different game. */
function explainDifference(d: { key: string; logged: number | null; parlor: number | null }): string | null {
  if (d.key === 'Num_Yes' && d.logged !== null && d.parlor !== null && d.logged - d.parlor === 1) return 'eval_result.py also counts the instruction line ("Turn 0, User: …"), which says yes';
  return null;
}

/** The bundled entities of a dataset by their dataset line, with the split each is in. */
function entitiesOf(dataset: string, split: string | undefined): Map<string, { instance: InstanceInput; split: string }> {
  const out = new Map<string, { instance: InstanceInput; split: string }>();
  for (const s of split ? [split] : SPLITS) for (const instance of edaDatasets.load({ name: dataset, subset: s }).instances) out.set(instance.key, { instance, split: s });
  return out;
}

/** Reads a folder of the reference harness's game files (`--dataset` is required: the files do not say which list they played). */
export function readEdaReference(root: string, options: LogReadOptions = {}): LogReading {
  const dataset = options.dataset;
  if (!dataset || !(BUNDLED_EDA as readonly string[]).includes(dataset)) throw new UserError(`Say which entity list the games played: --dataset ${BUNDLED_EDA.join(' or ')}${dataset ? ` (not "${dataset}")` : ''}.`);
  if (options.subset && !(SPLITS as readonly string[]).includes(options.subset)) throw new UserError(`Unknown split "${options.subset}" of ${dataset}: use ${SPLITS.join(', ')}.`);
  const { base, files } = logFiles(root, '.txt');
  const entities = entitiesOf(dataset, options.subset);
  const episodes: LoggedEpisodeInput[] = [];
  const problems: LogProblem[] = [];
  for (const { file, path } of files) {
    const text = logText(file, 'game file');
    if (typeof text !== 'string') {
      problems.push({ path, message: text.problem === 'not UTF-8 text' ? 'not UTF-8 text: not a game file of the EDA reference harness' : text.problem });
      continue;
    }
    const game = parseGame(text);
    if (typeof game === 'string') {
      problems.push({ path, message: game });
      continue;
    }
    const name = game.entity ?? basename(file, '.txt');
    const found = entities.get(name);
    if (!found) {
      problems.push({ path, message: `no entity "${name}" in ${dataset} (${options.subset ?? SPLITS.join(', ')})` });
      continue;
    }
    // The reference writes each model's games into a folder of its own (<guesser>_<suffix>).
    const folder = relative(base, dirname(file)).split(sep).join('/') || basename(base);
    episodes.push({
      path,
      game: 'eda',
      group: `${folder} ${found.split}`,
      models: { guesser: folder, judge: 'reference judge' },
      instance: found.instance,
      replies: { guesser: game.questions, judge: game.answers },
      logged: referenceReading(game.lines),
      scoreKeys: { Num_Turns: 'turns', Success: 'success', Num_Yes: 'yes', Score: 'score' },
    });
  }
  return { root: base, episodes, problems, unknownGames: {}, explain: explainDifference };
}

export const edaReferenceSource: LogSource = {
  id: 'eda',
  title: "the EDA reference harness's game files (<guesser>_<suffix>/<entity>.txt; --dataset things|celebrities)",
  read: readEdaReference,
};
