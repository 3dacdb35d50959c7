/**
 * The few logger methods the application, the worker and the dispatcher use (pino's shape: a
 * pino logger is one). Objects first, then the message; errors go in `{ err }`.
 */
export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
