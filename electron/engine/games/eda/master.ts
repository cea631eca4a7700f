/**
 * The game master of 20 questions. The guesser sees the instruction and the dialogue so far; the judge
 * sees only the entity and the current question; the rules, not the judge, decide that a question
 * naming the entity wins ("Bingo!").
 */
import type { EpisodeContext } from '../../core/game';
import type { ChatMessage } from '../../players/types';
import { edaPayload } from './datasets';
import { fillTemplate, judgeLabel, mentionsEntity, rewriteQuestion, type JudgeLabel } from './rules';
import { edaPrompts, EdaKindSchema, type EdaSettings } from './settings';
import { parseTop5, PROBE_KIND, probeMessages } from './probing/top5';
import { edaTurns } from './turns';

export async function playEda(ctx: EpisodeContext<EdaSettings>): Promise<void> {
  const { settings, kit } = ctx;
  const prompts = edaPrompts(EdaKindSchema.parse(ctx.datasetKind), settings);
  const { line, aliases } = edaPayload(ctx.instance.payload);
  const judgeEntity = settings.judgeEntity === 'line' ? line : ctx.instance.name;
  const history: ChatMessage[] = [{ role: 'user', content: prompts.guesser }];
  const prior = edaTurns(ctx.prior);
  for (const turn of prior.turns) history.push({ role: 'assistant', content: turn.history }, { role: 'user', content: turn.reply });
  if (prior.turns.at(-1)?.label === 'bingo') return;
  // A question asked before the process stopped, whose answer was not yet recorded.
  let waiting = prior.pending;

  const lastTurn = Math.min(settings.maxTurns, ctx.untilRound ?? Infinity);
  for (let idx = prior.turns.length + 1; idx <= lastTurn; idx++) {
    let question: string;
    let inHistory: string;
    if (waiting && waiting.idx === idx) {
      ({ question, history: inHistory } = waiting);
      waiting = null;
    } else {
      const isFinal = idx === settings.maxTurns;
      if (settings.probe.enabled) {
        await kit.probe('guesser', {
          round: idx,
          kind: PROBE_KIND,
          messages: probeMessages(history, settings.probe),
          temperature: settings.probe.temperature,
          maxTokens: settings.probe.maxTokens,
          parse: parseTop5,
        });
      }
      const asked = await kit.ask('guesser', {
        round: idx,
        messages: history,
        temperature: settings.guesser.temperature,
        maxTokens: settings.guesser.maxTokens,
        to: 'judge',
        parse: (text) => {
          const q = settings.rewriteThinkingOf ? rewriteQuestion(text) : text.trim();
          const flags: string[] = [];
          if (q === '') flags.push('empty_question');
          if (/\n/.test(q)) flags.push('multi_line_question');
          const h = isFinal ? q + settings.finalGuessSuffix : q;
          return { ok: true, action: h === q ? { question: q } : { question: q, history: h }, flags };
        },
      });
      if (!asked.ok) return;
      question = asked.action.question;
      inHistory = asked.action.history ?? question;
    }

    const bingo = mentionsEntity(question, aliases);
    let reply: string;
    if (bingo) {
      reply = 'Bingo!';
      kit.note({ round: idx, to: 'guesser', text: reply, action: { label: 'bingo' satisfies JudgeLabel } });
    } else {
      const mustGuess = idx === settings.maxTurns - 1;
      const answered = await kit.ask('judge', {
        round: idx,
        messages: [{ role: 'user', content: fillTemplate(prompts.judge, { entity: judgeEntity, question }) }],
        temperature: settings.judge.temperature,
        maxTokens: settings.judge.maxTokens,
        to: 'guesser',
        parse: (text) => {
          const label = judgeLabel(text);
          const shown = mustGuess ? text.trim() + settings.mustGuessSuffix : text.trim();
          return { ok: true, action: shown === text ? { label } : { label, reply: shown }, flags: label === 'other' ? ['judge_off_format'] : [] };
        },
      });
      if (!answered.ok) return;
      reply = answered.action.reply ?? answered.text;
    }
    history.push({ role: 'assistant', content: inHistory }, { role: 'user', content: reply });
    if (bingo) break;
  }
}
