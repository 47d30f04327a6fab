/**
 * Structured logs (pino). Two guards keep the signing key out of every line: known fields are
 * redacted, and the final serialized line is scrubbed of the key and of any `signature=` value,
 * whatever field they hide in.
 */
import { pino, type Logger, type DestinationStream } from 'pino';

export type { Logger };

export function scrubber(secrets: string[]): (text: string) => string {
  const live = secrets.filter((s) => s.length >= 4);
  return (text) => {
    let out = text;
    for (const secret of live) if (out.includes(secret)) out = out.split(secret).join('[redacted]');
    return out.replace(/signature=[^&"\s]*/gi, 'signature=[redacted]');
  };
}

export function createLogger(level: string, signingKey: string, destination?: DestinationStream): Logger {
  const scrub = scrubber([signingKey, encodeURIComponent(signingKey)]);
  return pino(
    {
      level,
      base: { service: 'merchant-gateway' },
      redact: { paths: ['signingKey', '*.signingKey', 'config.signingKey', 'metricsToken', 'config.metricsToken', 'headers.authorization'], censor: '[redacted]' },
      hooks: { streamWrite: scrub },
    },
    destination,
  );
}
