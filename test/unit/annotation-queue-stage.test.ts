/** The labelling area is never blank (issue 27, item 20): between the last item and "All labelled" it says it is waiting. */
import { describe, expect, it } from 'vitest';
import { queueStage } from '../../renderer/src/pages/useAnnotationQueue';

describe('what the labelling area shows', () => {
  it('loading, an item, all labelled, or waiting: one of them whatever the queue and the count say', () => {
    expect(queueStage(false, false, null)).toBe('loading');
    expect(queueStage(true, true, 3)).toBe('item');
    expect(queueStage(true, false, 0)).toBe('finished');
    // The last label still on its way: not finished until it is stored.
    expect(queueStage(true, false, 0, 1)).toBe('waiting');
    expect(queueStage(true, false, 0, 0)).toBe('finished');
    // The last item left the queue, its label is being saved and the count not yet back: not blank.
    expect(queueStage(true, false, 1)).toBe('waiting');
    expect(queueStage(true, false, null)).toBe('waiting');
  });
});
