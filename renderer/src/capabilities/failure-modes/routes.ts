/** Where the failure-mode page of chosen runs is. */
export const failureModesHref = (runIds: readonly number[]) => `#/failure-modes/${runIds.join(',')}`;
