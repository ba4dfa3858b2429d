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

// process.nextTick builds each queued tick as an object literal with computed keys. How V8
// optimised it in a serving process came out one of two ways, fixed for the process's life. In 12
// of 15 benchmark servers started as before, Node's stream internals (endReadable, onwrite,
// _destroy: all through nextTick) stored those properties through V8's runtime
// (DefineKeyedOwnPropertyInLiteral and MigrateToMap in the profiles): about 3 µs more per
// redirect, and as much again in waking the load generator more often (31–33 against 25–27 µs of
// CPU per redirect). Which way it went depended on what called nextTick first while the app's
// modules loaded and its first requests came; the exact cause is not pinned down. Driving nextTick
// through every arity before the first request made 23 of 24 servers the fast kind (the other ran
// at 47 µs, a GC-heavy state also seen in three warmed servers on a slowed VM). Measured with wrk
// against the built server, one core each.
const TICK_WARMING_ROUNDS = 200;
const TICKS_PER_ROUND = 1000;

/**
 * Queues TICK_WARMING_ROUNDS × TICKS_PER_ROUND empty ticks with no to three arguments, a round per
 * turn of the event loop (about 60 ms in all), so V8 optimises process.nextTick on feedback that
 * has seen every shape of its tick object. Call it before serving (server.ts, the benchmark).
 */
export async function warmTickQueue(): Promise<void> {
  const nothing = () => {};
  for (let round = 0; round < TICK_WARMING_ROUNDS; round++) {
    for (let i = 0; i < TICKS_PER_ROUND; i++) {
      process.nextTick(nothing);
      process.nextTick(nothing, 1);
      process.nextTick(nothing, 1, 2);
      process.nextTick(nothing, 1, 2, 3);
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}
