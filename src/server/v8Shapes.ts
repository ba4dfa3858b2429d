// ioredis declares `class VerbatimString extends String` (resp/verbatim-string.js), and declaring
// a subclass of String leaves String.prototype, in V8 as Node 20 ships it, a dictionary of
// properties: the subclass's set-up prepares it as a prototype, and only a property store on an
// object whose chain holds it turns it back into a fast object. Primitive strings never store
// one, so from the moment ioredis was imported every string method call in the process (Node's
// HTTP code, the scan path, the recorder) looked its method up the slow way: the visitor hash
// took 5.5 times as long. Redis is imported whether or not REDIS_URL is set.

/**
 * Turns String.prototype back into a fast object after the modules are loaded: one property
 * stored on a String object runs V8's prototype-chain optimisation, and a later subclass does not
 * undo it (tests/server/v8Shapes.test.ts watches both).
 */
export function restoreFastStringPrototype(): void {
  // A plain store (Object.assign's copy does not run the optimisation).
  const probe = new String('') as object as { shape?: boolean };
  probe.shape = true;
}
