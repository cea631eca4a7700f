/** Where the probes page of chosen runs is. */
export const probesHref = (runIds: readonly number[]) => `#/probes/${runIds.join(',')}`;
