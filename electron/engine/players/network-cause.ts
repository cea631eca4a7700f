/**
 * Tells a misconfigured endpoint (nothing listening, no such host, TLS to a plain-HTTP port) from a
 * passing network fault. The former cannot heal within a run, so it fails at once with its cause
 * instead of being retried until the attempts run out.
 */

export interface NetworkCause {
  /** True when retrying cannot help: the URL or the server's setup is wrong. */
  permanent: boolean;
  message: string;
}

/** The node error codes and messages along an error's `cause` chain (the SDKs wrap fetch's error, which wraps node's). */
export function causeChain(error: unknown): { code: string | null; message: string }[] {
  const chain: { code: string | null; message: string }[] = [];
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 8; depth++) {
    const code = (current as { code?: unknown }).code;
    const message = (current as { message?: unknown }).message;
    chain.push({ code: typeof code === 'string' ? code : null, message: typeof message === 'string' ? message : '' });
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

const TLS_CODE = /^(EPROTO|ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|ERR_OSSL_)/;
const TLS_MESSAGE = /SSL routines|wrong version number|certificate|TLS/i;

/** What went wrong reaching `endpoint`, or null when the chain names no known cause. */
export function networkCause(error: unknown, endpoint: string): NetworkCause | null {
  const chain = causeChain(error);
  const host = hostOf(endpoint);
  for (const { code, message } of chain) {
    if (code === 'ECONNREFUSED') return { permanent: true, message: `Connection refused at ${endpoint} — is the server running?` };
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NONAME') {
      return { permanent: true, message: `Host ${host} not found (DNS) — check the base URL ${endpoint}.` };
    }
    if ((code && TLS_CODE.test(code)) || (!code && TLS_MESSAGE.test(message))) {
      const hint = /wrong version number|packet length too long|http request/i.test(message)
        ? ' — the server may speak plain HTTP: try http:// instead of https://'
        : '';
      return { permanent: true, message: `TLS handshake with ${endpoint} failed (${message || code})${hint}.` };
    }
    if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
      return { permanent: false, message: `No route to ${host} (${code}) — check the base URL ${endpoint} and the network.` };
    }
  }
  return null;
}

function hostOf(endpoint: string): string {
  try {
    return new URL(endpoint).hostname;
  } catch {
    return endpoint;
  }
}
