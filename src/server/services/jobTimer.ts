// The timer of one background job of an app instance: one run at a time, the first well after
// start (not during it, nor during a test run), then every `everyMs`; stopped when the app closes.
export interface JobTimer {
  stop: () => void;
  runNow: () => Promise<void>;
}

export function startJobTimer(
  run: () => Promise<unknown>,
  onError: (error: unknown) => void,
  everyMs: number,
  firstAfterMs = 10 * 60_000,
): JobTimer {
  let running: Promise<void> | null = null;
  const runNow = () => {
    running ??= (async () => {
      try {
        await run();
      } catch (error) {
        onError(error);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const first = setTimeout(() => void runNow(), firstAfterMs);
  const timer = setInterval(() => void runNow(), everyMs);
  first.unref();
  timer.unref();
  return {
    runNow,
    stop: () => {
      clearTimeout(first);
      clearInterval(timer);
    },
  };
}
