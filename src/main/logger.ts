import type { Logger } from 'pino';
import { pino } from 'pino';

/**
 * JSON logs on stdout; credentials are redacted wherever they might appear. Lines are written
 * asynchronously (no blocking write per line on the hot path); call `logger.flush()` before exiting.
 */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      redact: {
        paths: [
          'req.headers.authorization',
          'headers.authorization',
          'apiKey',
          'webhookSecret',
          'secretAccessKey',
          '*.secretAccessKey',
          '*.*.secretAccessKey',
          'accessKeyId',
          '*.accessKeyId',
          'password',
        ],
        censor: '[redacted]',
      },
    },
    pino.destination({ dest: 1, sync: false }),
  );
}
