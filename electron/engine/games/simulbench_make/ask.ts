/**
 * The kit's ask for a step the record may show in flight (a resumed episode): the refused replies and their corrections go back into the messages as they were
 * sent, and they count against the retries; when those are used up, the refusal comes back without
 * a call.
 */
import type { AskSpec, Reply, TurnKit } from '../../core/turn-kit';

export interface RetriedAsk<A> extends Omit<AskSpec<A>, 'reprompt'> {
  /** Times a refused reply is asked again. */
  retries: number;
  /** What a refused reply is told (the prompt's own format line). */
  correction(reason: string): string;
}

export async function askResuming<A>(kit: TurnKit, seat: string, spec: RetriedAsk<A>): Promise<Reply<A>> {
  const { retries, correction, ...ask } = spec;
  const mine = kit.events.filter((e) => e.round === spec.round && (e.from === seat || e.to === seat));
  const refused = mine.filter((e) => e.from === seat && e.valid === false);
  const corrections = mine.filter((e) => e.kind === 'reprompt' && e.to === seat);
  const reasonOf = (text: string) => {
    const read = spec.parse(text);
    return read.ok ? 'no readable reply' : read.reason;
  };
  const last = refused.at(-1);
  if (last && refused.length > retries) return { ok: false, reason: reasonOf(last.text ?? ''), text: last.text ?? '' };
  const messages = [...spec.messages];
  refused.forEach((reply, k) => {
    // Cut between a refused reply and its correction: record the correction the kit would have.
    const reason = reasonOf(reply.text ?? '');
    const said = corrections[k] ?? kit.note({ kind: 'reprompt', message: 'user', round: spec.round, to: seat, text: correction(reason), action: { reason } });
    messages.push({ role: 'assistant', content: reply.text ?? '' }, { role: 'user', content: said.text ?? '' });
  });
  return kit.ask(seat, { ...ask, messages, reprompt: { attempts: retries - refused.length, message: (reason) => correction(reason) } });
}
