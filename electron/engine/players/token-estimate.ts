/**
 * Tokens a request may use, as Parlor and the loopback mock count them for rate limits: prompt
 * characters / 4 (rounded up) plus the completion budget. OpenAI counts a request against its
 * tokens-per-minute limit the same way, before any token is generated.
 */
export function estimateRequestTokens(texts: readonly string[], maxTokens: number): number {
  let chars = 0;
  for (const t of texts) chars += t.length;
  return Math.ceil(chars / 4) + Math.max(0, maxTokens);
}
