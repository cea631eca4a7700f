/**
 * A run as the EDA reference harness saves its games (`Q20Game.save_session`): one `<entity>.txt` per
 * finished episode, `_session_<k>/` per repetition when there are several (`--num-sessions`), each
 * holding `item: <entity line>` and the guesser's history as `Turn <n>, <User|Assistant>: <message>`:
 * the instruction at turn 0, then every question as it stands in the guesser's history and every answer
 * as the guesser read it ("Bingo!" on a win). `eval_result.py` reads the same #Turns, Success and Score
 * from these files as Parlor reports (its #Yes counts the instruction line too: see the README), and
 * `parlor import eda` reads them back into the same events and scores.
 */
import type { RunFileEpisode } from '../../capabilities/run-files/provision';
import { EDA_PROMPTS } from './settings';
import { edaTurns } from './turns';

/** A file name for an entity line: the line itself, with what a file system cannot take replaced. */
const fileName = (line: string) => `${[...line].map((c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 32 ? '_' : c)).join('')}.txt`;

/** One game file's text, or null for an episode with no complete turn. */
export function edaGameFile(episode: Pick<RunFileEpisode, 'instance' | 'events'>): string | null {
  const { turns } = edaTurns(episode.events);
  if (turns.length === 0) return null;
  const instruction = episode.events.find((e) => e.kind === 'prompt' && e.to === 'guesser')?.text ?? EDA_PROMPTS.things.guesser;
  const lines = [`item: ${episode.instance.key}`, `Turn 0, User: ${instruction.trimStart()}`];
  for (const turn of turns) lines.push(`Turn ${turn.idx}, Assistant: ${turn.history.trimStart()}`, `Turn ${turn.idx}, User: ${turn.reply.trimStart()}`);
  return `${lines.join('\n')}\n`;
}

/** Every finished episode's file, by path in the folder written. */
export function edaReferenceFiles(episodes: readonly RunFileEpisode[]): { path: string; content: string }[] {
  const sessions = new Set(episodes.map((e) => e.repetition)).size > 1;
  return episodes.flatMap((e) => {
    const content = edaGameFile(e);
    return content === null ? [] : [{ path: `${sessions ? `_session_${e.repetition}/` : ''}${fileName(e.instance.key)}`, content }];
  });
}
