/**
 * The reference explorer of the multimodal MapWorld games (`provider: builtin`, model `reference`).
 * The rooms are only images, so it finds its way by dead reckoning: a room is its grid cell relative
 * to the start, a move the describer accepts ("We have made a step") is one cell in that direction,
 * and the directions listed in each message are the room's exits. It explores depth-first with the
 * text MapWorld explorer's map knowledge, says DONE when nothing is left, and replies in the
 * instance's JSON format; the graphs game also gets the map it has uncovered. Image names, where the
 * message carries them, only go into the room description. In go-to-X it cannot tell the target's
 * category from a photograph, so it explores the whole map too and stops where that ends.
 */
import { textOf } from '../../../../shared/contract/content';
import type { BuiltinPolicy } from '../../capabilities/builtins/provision';
import type { ChatMessage } from '../../players/types';
import { dirsOf, Knowledge, lastMatch, nextStep, type Dir } from '../textmapworld/builtin';

const LISTED = /(?:we can go|available directions): ([a-z, ]*)\./gi;
const STAYED = /invalid|still in/i;

const imageName = (m: ChatMessage | undefined) => (m && typeof m.content !== 'string' ? m.content.flatMap((p) => (p.type === 'image' && p.name ? [p.name] : [])).at(-1) : undefined);
const roomOf = (cell: [number, number]) => cell.join(',');

/** The map the conversation has uncovered, and where the explorer stands. */
function readConversation(messages: readonly ChatMessage[]): { k: Knowledge; here: string } {
  const k = new Knowledge();
  const users = messages.filter((m) => m.role === 'user');
  const first = users[0] ? textOf(users[0].content) : '';
  let here = roomOf([0, 0]);
  k.enter(here, dirsOf(lastMatch(first, LISTED)?.[1] ?? ''), [0, 0]);
  let pending: Dir | null = null;
  for (const m of messages.slice(messages.indexOf(users[0]!) + 1)) {
    const text = textOf(m.content);
    if (m.role === 'assistant') {
      pending = (/GO:\s*(north|south|east|west)/i.exec(text)?.[1]?.toLowerCase() as Dir | undefined) ?? null;
      continue;
    }
    const listed = lastMatch(text, LISTED);
    // A correction lists no directions: the explorer is where it was.
    if (!listed || !pending) continue;
    if (!STAYED.test(text)) {
      const cell = k.cell(here, pending)!;
      const room = roomOf(cell);
      k.enter(room, dirsOf(listed[1]!), cell);
      k.link(here, pending, room);
      here = room;
    } else k.dirs.set(here, (k.dirs.get(here) ?? []).filter((d) => d !== pending));
    pending = null;
  }
  return { k, here };
}

/** The uncovered map in the graphs game's format: every known connection once, under its direction. */
function graphOf(k: Knowledge): { nodes: string[]; edges: Record<Dir, [string, string][]> } {
  const label = (room: string) => `Room ${k.order.indexOf(room) + 1}`;
  const edges: Record<Dir, [string, string][]> = { north: [], south: [], east: [], west: [] };
  for (const [a, exits] of k.exits) for (const [d, b] of exits) if ((d === 'north' || d === 'east') && k.dirs.has(a) && k.dirs.has(b)) edges[d].push([label(a), label(b)]);
  return { nodes: k.order.map(label), edges };
}

export const mmReferenceExplorer: BuiltinPolicy = (messages) => {
  const { k, here } = readConversation(messages);
  const step = nextStep(k, here);
  const action = step === null ? 'DONE' : `GO: ${step}`;
  const image = imageName(messages.filter((m) => m.role === 'user').at(-1));
  const description = image ? `We are in the room shown in ${image.split('/').at(-1)}.` : 'We are in a room.';
  const intro = textOf(messages.find((m) => m.role === 'user')?.content ?? '');
  if (intro.includes('"graph"')) return JSON.stringify({ action, description, graph: graphOf(k) });
  return JSON.stringify({ description, action });
};
