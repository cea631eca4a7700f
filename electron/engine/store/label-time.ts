/**
 * When a label or ruling is given. A person's labels of one item are told apart by their times (the
 * time is part of the row's uid and its unique key), so two within one millisecond (a key pressed
 * twice, a relabel at once) must not share one: the later is moved on past the earlier.
 */
export function laterThan(previous: string | null, now: Date = new Date()): string {
  if (previous === null) return now.toISOString();
  const after = Date.parse(previous) + 1;
  return new Date(Math.max(now.getTime(), Number.isNaN(after) ? 0 : after)).toISOString();
}
