// What the server's inner layers log through. Services and the scan path name this instead of
// Fastify's logger type, so they stay free of HTTP; the app's pino logger satisfies it as it is,
// and a test can pass any object with these methods.
type LogMethod = (fields: object, message: string) => void;

export interface Logger {
  info: LogMethod;
  warn: LogMethod;
  error: LogMethod;
}
