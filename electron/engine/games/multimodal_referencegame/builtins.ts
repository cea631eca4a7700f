/**
 * Built-in players (`builtin:reference`) that read only their own message. They cannot see pixels, so
 * they play by the images' names when the parts carry them: the describer names the target image's
 * file ("the image 8.png"), the follower picks the position of the image with that name. Without names
 * (replies sent over the wire lose them) both still answer in form: the describer refers to the target
 * by its position, the follower answers "first".
 */
import { textOf, type ContentPart } from '../../../../shared/contract/content';
import type { BuiltinPolicy } from '../../capabilities/builtins/provision';
import type { ChatMessage } from '../../players/types';

const ORDINALS = ['first', 'second', 'third'] as const;

function lastUser(messages: readonly ChatMessage[]): { text: string; names: (string | null)[] } {
  const m = [...messages].reverse().find((x) => x.role === 'user');
  if (!m) return { text: '', names: [] };
  const parts: readonly ContentPart[] = typeof m.content === 'string' ? [] : m.content;
  return { text: textOf(m.content), names: parts.flatMap((p) => (p.type === 'image' ? [p.name ?? null] : [])) };
}

const basename = (name: string) => name.split(/[\\/]/).pop() ?? name;

/** The target's position for the describer: the header says "The second image is the target". */
function targetIndex(text: string): number {
  const m = /the (first|second|third) image is the target/i.exec(text);
  return m ? ORDINALS.indexOf(m[1]!.toLowerCase() as (typeof ORDINALS)[number]) : 0;
}

export const describeImage: BuiltinPolicy = (messages) => {
  const { text, names } = lastUser(messages);
  const at = targetIndex(text);
  const name = names[at];
  return name ? `Expression: the image ${basename(name)}` : `Expression: the ${ORDINALS[at]} image I was shown`;
};

const NAMED = /Expression: the image (\S+)/i;

export const pickImage: BuiltinPolicy = (messages) => {
  const { text, names } = lastUser(messages);
  const wanted = NAMED.exec(text)?.[1];
  const at = wanted ? names.findIndex((n) => n !== null && basename(n) === wanted) : -1;
  return `Answer: ${ORDINALS[Math.max(0, at)]}`;
};

export const MM_REF_BUILTINS: Readonly<Record<string, BuiltinPolicy>> = { describer: describeImage, follower: pickImage };
