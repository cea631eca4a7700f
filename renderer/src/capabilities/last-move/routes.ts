/** Where the X → Y page of chosen runs is. */
export const ablationHref = (runIds: readonly number[]) => `#/ablation/${runIds.join(',')}`;
