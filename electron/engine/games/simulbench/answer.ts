/** The turns both evaluation games share: the tested model answers the script's last user query; the judge reads one prompt. */
import { actionOf } from '../../core/events';
import type { EpisodeContext } from '../../core/game';
import type { Reply } from '../../core/turn-kit';
import type { ChatMessage } from '../../players/types';
import type { Read } from './parse';
import { normaliseAnswer, simulatorMessages } from './prompts';
import { ScriptSchema, type Script } from './scripts';
import type { SimulSettings } from './settings';

export function scriptOf(payload: unknown): Script {
  return ScriptSchema.parse(payload);
}

/** The seat's answer to the script: recorded already (a resumed episode), or asked now. */
export async function answerOf(ctx: EpisodeContext<SimulSettings>, seat: string, script: Script, round: number): Promise<string> {
  const done = ctx.kit.events.find((e) => e.from === seat && e.kind === 'response' && e.valid === true);
  if (done) return String(actionOf(done).answer ?? '');
  const reply = await ctx.kit.ask(seat, {
    round,
    messages: simulatorMessages(script.dialogue_history),
    temperature: ctx.settings.temperature,
    maxTokens: ctx.settings.maxTokens,
    parse: (text) => ({ ok: true, action: { answer: normaliseAnswer(text) } }),
  });
  return reply.ok ? reply.action.answer : '';
}

/** Re-asking a judge: the prompt's own format line. */
export const RATING_FORMAT = 'Your rating should strictly follow this format: "[[rating]]", for example: "Rating: [[5]]".';
export const VERDICT_FORMAT = 'Output your final verdict by strictly following this format: "[[A]]" if response A is better, "[[B]]" if response B is better, and "[[C]]" for a tie.';

/**
 * Asks the judge one of its prompts (recorded whole, so an annotator sees what it saw) with the judge's
 * sampling; an unreadable reply is corrected with the prompt's own format line, `judgeRetries` times.
 */
export function askJudge<A extends Record<string, unknown>>(ctx: EpisodeContext<SimulSettings>, round: number, messages: ChatMessage[], read: (text: string) => Read<A>, format: string): Promise<Reply<A>> {
  const { settings } = ctx;
  return ctx.kit.ask('judge', {
    round,
    messages,
    temperature: settings.judgeTemperature,
    maxTokens: settings.judgeMaxTokens,
    parse: (text) => {
      const r = read(text);
      return r.ok ? { ok: true, action: r.value } : { ok: false, reason: r.reason };
    },
    reprompt: { attempts: settings.judgeRetries, message: () => format },
  });
}
