import { edaPrompts, EdaKindSchema, EdaSettingsSchema, type EdaSettings } from '../../../../shared/games/eda';
import type { JudgeLabel } from '../../../../shared/contract/records';
import type { ChatMessage } from '../../players/types';
import type { TurnRow } from '../../store/store';
import type { EpisodeContext, EpisodeResult, GamePlugin } from '../types';
import { edaEpisodeMetrics } from './metrics';
import { fillTemplate, judgeLabel, mentionsEntity, rewriteQuestion } from './rules';

function result(labels: readonly JudgeLabel[], settings: EdaSettings): EpisodeResult {
  const metrics = edaEpisodeMetrics(labels, settings);
  return { outcome: metrics.success ? 'win' : 'loss', metrics: { ...metrics } };
}

/**
 * The 20-questions game of the Entity-Deduction Arena. The guesser sees the instruction and the
 * dialogue so far; the judge sees only the entity and the current question; the rules, not the
 * judge, decide that a question naming the entity wins ("Bingo!").
 */
export const edaGame: GamePlugin<EdaSettings> = {
  id: 'eda',
  roles: ['guesser', 'judge'],

  parseSettings: (input) => EdaSettingsSchema.parse(input ?? {}),

  async play(ctx: EpisodeContext, settings: EdaSettings): Promise<EpisodeResult> {
    const kind = EdaKindSchema.parse(ctx.datasetKind);
    const prompts = edaPrompts(kind, settings);
    const judgeEntity = settings.judgeEntity === 'line' ? ctx.entity.line : ctx.entity.name;
    const history: ChatMessage[] = [{ role: 'user', content: prompts.guesser }];
    const labels: JudgeLabel[] = [];
    for (const turn of ctx.priorTurns) {
      history.push({ role: 'assistant', content: turn.guesserInHistory }, { role: 'user', content: turn.judgeReply });
      labels.push(turn.judgeLabel);
    }
    if (labels.at(-1) === 'bingo') return result(labels, settings);

    for (let idx = labels.length + 1; idx <= settings.maxTurns; idx++) {
      const guess = await ctx.call('guesser', idx, {
        messages: history,
        temperature: settings.guesser.temperature,
        maxTokens: settings.guesser.maxTokens,
        seed: ctx.seed,
      });
      const question = settings.rewriteThinkingOf ? rewriteQuestion(guess.text) : guess.text.trim();
      const isFinal = idx === settings.maxTurns;
      const inHistory = isFinal ? question + settings.finalGuessSuffix : question;

      const bingo = mentionsEntity(question, ctx.entity.aliases);
      const judge = bingo
        ? null
        : await ctx.call('judge', idx, {
            messages: [{ role: 'user', content: fillTemplate(prompts.judge, { entity: judgeEntity, question }) }],
            temperature: settings.judge.temperature,
            maxTokens: settings.judge.maxTokens,
            seed: ctx.seed,
          });
      const label: JudgeLabel = judge ? judgeLabel(judge.text) : 'bingo';
      let reply = judge ? judge.text.trim() : 'Bingo!';
      if (!bingo && idx === settings.maxTurns - 1) reply += settings.mustGuessSuffix;

      const flags: string[] = [];
      if (question === '') flags.push('empty_question');
      if (/\n/.test(question)) flags.push('multi_line_question');
      if (label === 'other') flags.push('judge_off_format');
      ctx.commitTurn({
        idx,
        flags,
        guesserGenerated: guess.text,
        guesserSent: question,
        guesserInHistory: inHistory,
        judgeRaw: judge ? judge.text : null,
        judgeLabel: label,
        judgeReply: reply,
        guesserCallId: guess.callId,
        judgeCallId: judge?.callId ?? null,
        guesserLatencyMs: guess.latencyMs,
        judgeLatencyMs: judge?.latencyMs ?? null,
        guesserInputTokens: guess.inputTokens,
        guesserOutputTokens: guess.outputTokens,
        judgeInputTokens: judge?.inputTokens ?? null,
        judgeOutputTokens: judge?.outputTokens ?? null,
      });
      labels.push(label);
      history.push({ role: 'assistant', content: inHistory }, { role: 'user', content: reply });
      if (bingo) break;
    }
    return result(labels, settings);
  },

  rescore(turns: readonly TurnRow[], settings: EdaSettings): EpisodeResult {
    return result(
      turns.map((t) => t.judgeLabel),
      settings,
    );
  },
};
