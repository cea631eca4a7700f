import { describe, expect, it } from 'vitest';
import { runTogetherReason } from '../../electron/engine/analysis/audit';

describe('two words joined without a space', () => {
  it.each(['CelloMarshmallow', 'AppleBanana'])('flags %s', (text) => expect(runTogetherReason(text)).toMatch(/joined without a space/));
  it.each(['McCartney', 'YouTube', 'DiCaprio', 'JavaScript Console', 'StackOverflow Post #15', 'Marshmallow'])('leaves %s alone', (text) => expect(runTogetherReason(text)).toBeNull());
});
