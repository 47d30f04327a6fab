/**
 * Structured logs (pino). Two guards keep the signing key out of every line: known fields are
 * redacted, and the final serialized line is scrubbed of the key and of any `signature=` value,
 * whatever field they hide in.
 */
import { pino, type DestinationStream, type Logger as PinoLogger } from 'pino';
import { scrubber, type Logger } from '../../gateway/telemetry.ts';

export { scrubber, type Logger };

export function createLogger(level: string, signingKey: string, destination?: DestinationStream): PinoLogger {
  const scrub = scrubber([signingKey, encodeURIComponent(signingKey)]);
  return pino(
    {
      level,
      base: { service: 'merchant-gateway' },
      redact: {
        paths: ['signingKey', '*.signingKey', 'config.signingKey', 'metricsToken', 'config.metricsToken', 'headers.authorization'],
        censor: '[redacted]',
      },
      hooks: { streamWrite: scrub },
    },
    destination,
  );
}
