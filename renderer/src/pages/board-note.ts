/** Over which instances the board compares: "Over the 12 entities every player finished (3 left out)." — one is "the one entity". */
export function commonNote(common: number, total: number, nouns: { instance: string; instances: string }): string {
  const over = common === 1 ? `Over the one ${nouns.instance}` : `Over the ${common} ${nouns.instances}`;
  return `${over} every player finished${common < total ? ` (${total - common} left out)` : ''}.`;
}
