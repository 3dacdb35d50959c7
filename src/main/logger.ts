import type { Logger } from 'pino';
import { pino } from 'pino';

/** JSON logs on stdout; credentials are redacted wherever they might appear. */
export function createLogger(level: string): Logger {
  return pino({
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
  });
}
