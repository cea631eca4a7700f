/**
 * Annotation: which of a game's events people can check (EDA's judge answers, AGE's guess matches,
 * SimulBench's ratings), how an annotator reads one, and how a correction changes the metrics. The
 * annotation sets, their store and page (engine/annotation/, the Annotate page) serve every game that
 * provides this.
 */
import { ANNOTATION_COMMAND_KEYS, type AnnotationInfo } from '../../../../shared/contract/game';
import { capabilityOf, type CapabilityCheck } from '../../core/capability';
import type { EventRecord, EventRow } from '../../core/events';
import type { Game, InstanceRow } from '../../core/game';

/** Which events can be annotated, and how an annotator reads and corrects them. */
export interface AnnotationHooks {
  info: AnnotationInfo;
  /**
   * Events of this kind from seats of this role, produced by a model call, can be annotated; with
   * `labelled`, only those whose action carries a label (AGE: replies with a guess).
   */
  target: { role: string; kind: 'response' | 'input'; needsCall: boolean; labelled?: boolean };
  /** Where the event's own label sits in its action (EDA: `label`). */
  labelKey: string;
  /**
   * What the annotator reads: the text the event answers and the dialogue before it. `answers`: where
   * the event judged answers to a question (SimulBench), the question alone is `question` and each
   * answer is shown apart, not inside one quote with it; `prompt` still holds them all (the CSV's column).
   */
  item(event: EventRow, events: readonly EventRow[]): { prompt: string; context: { round: number; prompt: string; reply: string; label: string | null }[]; question?: string; answers?: { label: string; text: string }[] };
  /** The event as if it had carried another label, for metrics recomputed with corrections. */
  relabel(event: EventRecord, label: string): EventRecord;
  /**
   * Where accepted labels change the game's rules for every run, not only the annotated events (AGE:
   * guesses ruled a match extend the synonym list): a run's settings that carry them, as overrides of
   * its own. Declared with `info.apply`; the core rescores each run whose settings change.
   */
  apply?(settings: unknown, accepted: readonly AcceptedLabel[]): RuleAmendment;
}

/** An annotated event with the label its annotators agreed on (their majority). */
export interface AcceptedLabel {
  event: EventRow;
  /** Its episode's events and instance. */
  events: readonly EventRow[];
  instance: InstanceRow;
  /** The event's own label. */
  label: string;
  /** The label its annotators agreed on; it may equal `label`. */
  accepted: string;
}

export interface RuleAmendment {
  /** Settings overrides of the run's own; empty when its rules already agree with the labels. */
  overrides: Record<string, unknown>;
  /** What the overrides change, one line each (the confirmation shows them). */
  changes: string[];
  /** What was left alone and why (annotators' items disagreeing), one line each. */
  unresolved: string[];
}

declare module '../../core/capability' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- every entry shares the game's settings type; apply reads the run's settings as stored
  interface Provisions<S> {
    annotation: AnnotationHooks;
  }
}

/** How the game's events are annotated, or undefined where it has nothing to annotate. */
export function annotationOf(game: Pick<Game<unknown>, 'id'>): AnnotationHooks | undefined {
  return capabilityOf(game, 'annotation');
}

export const annotationCheck: CapabilityCheck<'annotation'> = {
  key: 'annotation',
  problems(annotation, game) {
    const problems: string[] = [];
    const say = (text: string) => problems.push(text);
    const duplicates = (values: readonly string[]) => values.filter((v, i) => values.indexOf(v) !== i);
    const metrics = game.metrics.map((m) => m.key);
    const metric = (key: string, where: string) => {
      if (!metrics.includes(key)) say(`${where} names "${key}", which is not one of its metrics (${metrics.join(', ')})`);
    };
    if (!game.roles.some((r) => r.id === annotation.target.role)) say(`annotation.target.role "${annotation.target.role}" is not one of its roles`);
    const labels = annotation.info.labels;
    if (labels.length === 0) say('annotation has no labels');
    for (const id of duplicates(labels.map((l) => l.id))) say(`annotation label "${id}" is declared twice`);
    for (const key of duplicates(labels.map((l) => l.key))) say(`annotation key "${key}" is given to two labels`);
    for (const { id, key } of labels) {
      if (!/^[a-z0-9]$/.test(key)) say(`annotation label "${id}" has key "${key}": a key is one lowercase letter or digit`);
      else if ((ANNOTATION_COMMAND_KEYS as readonly string[]).includes(key)) {
        say(`annotation label "${id}" has key "${key}", which the annotation page keeps for itself (${ANNOTATION_COMMAND_KEYS.join(' ')})`);
      }
    }
    annotation.info.recompute.metrics.forEach((key) => metric(key, 'annotation.info.recompute.metrics'));
    annotation.info.producerMetrics?.forEach((key) => metric(key, 'annotation.info.producerMetrics'));
    if (!annotation.apply !== !annotation.info.apply) say('annotation.apply and annotation.info.apply go together: declare both or neither');
    return problems;
  },
  info: { field: 'annotation', of: (value) => value.info },
};
