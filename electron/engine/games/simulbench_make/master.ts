/**
 * The script-making game master (paper §2.3–2.4; the reference's interaction_collection and
 * turn_recognition): turn 1's query is the task description; the simulator answers; then, for each
 * further turn, the user agent reads the dialogue so far and writes the next request, and the
 * simulator answers it. Last, the judge names the dialogue's first challenging turn. A user agent or
 * judge that gives no readable reply after its retries ends the dialogue as a failure: no scripts.
 * Every step is derived from the recorded events, so a resumed episode continues where it stopped.
 */
import type { EpisodeContext } from '../../core/game';
import { readTurn, readUserRequest } from '../simulbench/parse';
import { challengingTurnMessages, normaliseAnswer, simulatorMessages, userAgentMessages } from '../simulbench/prompts';
import { askResuming } from './ask';
import type { DialogueMessage } from './extract';
import { dialogueOf, failureOf, judgedTurn, JUDGE, SIMULATOR, USER_AGENT } from './record';
import type { MakeSettings } from './settings';
import { strategyOverride, TaskSchema, type Task } from './tasks';

type Ctx = EpisodeContext<MakeSettings>;

export const taskOf = (payload: unknown): Task => TaskSchema.parse(payload);

const lastText = (messages: { content: unknown }[]) => String(messages.at(-1)!.content);

/** The user agent's next request (Appendix B.2), asked again with the prompt's own last line and block. */
function askUserAgent(ctx: Ctx, task: Task, dialogue: readonly DialogueMessage[], round: number) {
  const { settings } = ctx;
  const messages = userAgentMessages(dialogue, task.request_type, settings.taskConfig ? strategyOverride(task.id) : undefined);
  const prompt = lastText(messages);
  const block = prompt.slice(prompt.lastIndexOf('```\n{'));
  return askResuming(ctx.kit, USER_AGENT, {
    round,
    to: SIMULATOR,
    messages,
    temperature: settings.userAgentTemperature,
    maxTokens: settings.userAgentMaxTokens,
    parse: (text) => {
      const read = readUserRequest(text);
      return read.ok ? { ok: true, action: read.value } : { ok: false, reason: read.reason };
    },
    retries: settings.userAgentRetries,
    correction: () => `Only output the JSON code block, nothing else!\n${block}`,
  });
}

/** The simulator's answer to the dialogue's last query, normalised as the reference does. */
function askSimulator(ctx: Ctx, dialogue: readonly DialogueMessage[], round: number) {
  return askResuming(ctx.kit, SIMULATOR, {
    round,
    to: round > 1 ? USER_AGENT : null,
    messages: simulatorMessages(dialogue),
    temperature: ctx.settings.simulatorTemperature,
    maxTokens: ctx.settings.simulatorMaxTokens,
    parse: (text) => ({ ok: true, action: { answer: normaliseAnswer(text) } }),
    retries: 0,
    correction: () => '',
  });
}

/**
 * The first challenging turn (Appendix B.3). The prompt allows 1 to the number of messages; a turn
 * after the dialogue's last is refused and asked again, as it would cut no script ending with a query.
 */
function askJudge(ctx: Ctx, dialogue: readonly DialogueMessage[], round: number) {
  const turns = Math.floor(dialogue.length / 2);
  const messages = challengingTurnMessages(dialogue);
  const format = `You must output the turn number(1 to ${dialogue.length}, and 0 represents no challenging turns), and strictly follow this format: "[[TURN_NUMBER]]", for example: "Turn: [[3]]".`;
  return askResuming(ctx.kit, JUDGE, {
    round,
    messages,
    temperature: ctx.settings.judgeTemperature,
    maxTokens: ctx.settings.judgeMaxTokens,
    parse: (text) => {
      const read = readTurn(text, dialogue.length);
      if (!read.ok) return { ok: false, reason: read.reason };
      if (read.value > turns) return { ok: false, reason: `turn ${read.value} is after the dialogue's last turn (${turns})` };
      return { ok: true, action: { turn: read.value } };
    },
    retries: ctx.settings.judgeRetries,
    correction: (reason) => `Refused: ${reason}. ${format}`,
  });
}

export async function playMake(ctx: Ctx): Promise<void> {
  const { kit, settings } = ctx;
  const task = taskOf(ctx.instance.payload);
  if (failureOf(kit.events) !== null || judgedTurn(kit.events) !== null) return;
  for (let round = 1; round <= settings.turns; round++) {
    let dialogue = dialogueOf(kit.events, task);
    if (dialogue.length >= 2 * round) continue;
    if (dialogue.length < 2 * round - 1) {
      const asked = await askUserAgent(ctx, task, dialogue, round);
      if (!asked.ok) return void kit.abort(round, `the user agent gave no readable request after ${settings.userAgentRetries} retries: ${asked.reason}`, USER_AGENT);
      dialogue = dialogueOf(kit.events, task);
    }
    await askSimulator(ctx, dialogue, round);
  }
  const judged = await askJudge(ctx, dialogueOf(kit.events, task), settings.turns + 1);
  if (!judged.ok) kit.abort(settings.turns + 1, `no readable first challenging turn after ${settings.judgeRetries} retries: ${judged.reason}`, JUDGE);
}
