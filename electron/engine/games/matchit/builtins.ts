/**
 * The reference players of the image MatchIt (`builtin:reference`), reading only their own
 * conversation. A player cannot see pixels, but an image part may carry the name the instance gives
 * it: then it describes its image by that name ("DESCRIPTION: an image named 2353739.jpg"), asks for
 * the other's name, answers with its own, and decides "same" exactly when every name it was told is
 * its own. Without names (replies sent over the wire lose them) it still replies in form, and decides
 * "same", as clembench's mock player does ("DECISION: Same image.").
 */
import type { ContentPart } from '../../../../shared/contract/content';
import type { BuiltinPolicy } from '../../capabilities/builtins/provision';
import type { ChatMessage } from '../../players/types';
import { matchitMove } from '../matchit_ascii/builtins';

/** The last segment of an image name (a URL's file name): what the players tell each other. */
export const imageLabel = (name: string): string => name.split(/[\\/]/).filter((s) => s !== '').at(-1) ?? name;

/** The name of the image in the player's first message, when it came with one. */
function ownImage(messages: readonly ChatMessage[]): string | null {
  const first = messages.find((m) => m.role === 'user');
  if (!first || typeof first.content === 'string') return null;
  const image = first.content.find((p: ContentPart) => p.type === 'image');
  return image?.type === 'image' && image.name ? imageLabel(image.name) : null;
}

/** Every image name the other player told (its description and answers reach this player in prompts). */
const toldNames = (prompts: readonly string[]): string[] => prompts.flatMap((p) => [...p.matchAll(/named (\S+)/g)].map((m) => m[1]!));

export const imagePlayer: BuiltinPolicy = (messages) => {
  const { prompts, move } = matchitMove(messages);
  const own = ownImage(messages);
  switch (move.kind) {
    case 'decision': {
      const told = toldNames(prompts.slice(1));
      const differs = own !== null && told.length > 0 && told.some((name) => name !== own);
      return differs ? move.different : move.same;
    }
    case 'answer':
      return own ? `${move.flag} my image is named ${own}` : `${move.flag} I cannot tell.`;
    case 'question':
      return `${move.flag} What is the name of your image?`;
    case 'description':
      return own ? `${move.flag} an image named ${own}` : `${move.flag} an image.`;
  }
};
