/**
 * The rules of clembench's multimodal reference game, as the text reference game's `2024` rule set
 * (referencegame/rules.ts) with two differences between clembench's two game masters:
 *
 * - Both: the describer's reply is accepted when its pattern matches (re.IGNORECASE, re.match) with an
 *   empty `remainder`; the follower's reply is *scored* whenever its pattern matches at the start —
 *   the game master refuses extra text ("invalid format"), but the scorer re-matches the refused reply
 *   "more liberally" and counts it parsed — and its answer is the `content` group, lower-cased, tested
 *   for membership in `target_image_name`. Success and Lose are logged on aborted episodes too (0, 1).
 * - `v1.6` (the published runs; clembench 2024): the describer's reply is matched after str.strip(),
 *   and Generated Expression Length/Tokens measure the `content` group (the logged `expression`).
 * - `a717f23` (the June 2025 port onto DialogueGameMaster): the reply is matched as it is, and the
 *   scorer measures the logged `parse` content, which is now the whole reply. (Its scorer still reads a
 *   valid follower reply from a `parse` record, which that port logs as `parse_correct`/`parse_wrong`;
 *   taken literally every played episode would count as aborted, so the scorer's reading is kept.)
 */
import { pyRegex } from '../clembench/pyregex';
import type { Rules } from '../referencegame/rules';
import type { MmRefPayload } from './payload';
import type { MmRefSettings } from './settings';

export function mmRulesFor(payload: MmRefPayload, setting: MmRefSettings['rules']): Rules {
  return {
    set: '2024',
    p1: pyRegex(payload.player_1_response_pattern),
    p2: pyRegex(payload.player_2_response_pattern),
    p1Mode: 'strict',
    p2Mode: 'liberal',
    target: payload.target_image_name,
    stripDescriber: setting === 'v1.6',
    expression: setting === 'v1.6' ? 'content' : 'reply',
  };
}
