/** A page's address group of run ids, `3,4,5`, as numbers. */
export const runIdsOf = (group: string | undefined): number[] => (group ?? '').split(',').map(Number);
