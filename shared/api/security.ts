/**
 * The renderer's Content-Security-Policy, the same for the desktop window and browser mode: only
 * the app's own scripts, styles and connections; no eval, no plugins, no framing, no form posts.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'",
].join('; ');
