// Counts the ticks process.nextTick queues, by how many arguments follow the callback (index 0:
// none): what warming the tick queue (src/server/v8Shapes.ts) must have done. An async hook sees
// every tick object as it is made, without replacing process.nextTick (something in the test
// runner puts the original back).
import { createHook } from 'node:async_hooks';

export function countTicksByArguments(): { counts: number[]; stop: () => void } {
  const counts = [0, 0, 0, 0];
  const hook = createHook({
    init(_id, type, _trigger, resource) {
      if (type !== 'TickObject') return;
      const args = (resource as { args?: unknown[] }).args;
      const n = args?.length ?? 0;
      counts[n] = (counts[n] ?? 0) + 1;
    },
  }).enable();
  return { counts, stop: () => hook.disable() };
}
