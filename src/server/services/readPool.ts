// Where the dashboard's heavy reads run (services/reads.ts): on worker threads at a low CPU
// priority, each with connections of its own, so a 365-day statistics read gives way to the
// redirects on the same core. better-sqlite3 answers synchronously: on the app's connection such
// a read would hold the event loop that serves redirects (WAL lets the readers work beside the
// scan writer). PostgreSQL's driver does not block, but parsing and assembling a 365-day answer
// took 3.5 ms of the main thread's CPU per answer, at the redirects' priority (bench:pg: their
// p99 moved 83 % beside back-to-back 365-day reads). An in-memory SQLite cannot be shared, so
// there they run on the app's database. One pool per app instance (buildApp owns and closes it).
import { createRequire } from 'node:module';
import os from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sameDatabaseOptions, type DatabaseOptions, type Db } from '../db/database.js';
import { runReadTask, type ReadTaskArgs, type ReadTaskName, type ReadTaskResult } from './reads.js';
import type { ReadReply, ReadRequest } from './readWorker.js';

export interface ReadPoolOptions {
  /** Reader threads; one per core beyond the first, at most MAX_READERS. */
  threads?: number;
  /**
   * The readers' nice value (Linux): above 0 they give way to the main thread. 19, the lowest
   * priority, by default: on a core saturated by redirects a reader gets about 1.5 % of it, so a
   * 365-day answer takes seconds there while the redirects' p99 moves by a few percent; at nice 10
   * (about 10 %) it moved by half again or more (bench). An idle core is the reader's in full.
   */
  nice?: number;
}

interface Job {
  request: ReadRequest;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

/** Answers a reader thread posted as an error: the message and code (SQLITE_…) survive. */
export class ReadTaskError extends Error {
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ReadTaskError';
  }
}

const fromSource = import.meta.url.endsWith('.ts');
const workerUrl = new URL(fromSource ? './readWorker.ts' : './readWorker.js', import.meta.url);

/**
 * A reader's young generation, in MB. V8 grows it to 48 MB by default while a 365-day read
 * allocates; 8 MB keeps each reader about 8 MB smaller (measured) at no visible cost in time.
 */
const READER_YOUNG_GENERATION_MB = 8;
/** At most this many reader threads: each is a V8 isolate and its connections (~40 MB). */
const MAX_READERS = 2;

/** The worker: the built file, or (tests, the benchmark) the source through tsx's loader. */
function startWorker(workerData: unknown): Worker {
  const resourceLimits = { maxYoungGenerationSizeMb: READER_YOUNG_GENERATION_MB };
  if (!fromSource) return new Worker(workerUrl, { workerData, resourceLimits });
  // tsx's ESM entry of its register API (require.resolve finds the CommonJS one beside it).
  const tsx = pathToFileURL(
    createRequire(import.meta.url)
      .resolve('tsx/esm/api')
      .replace(/\.cjs$/, '.mjs'),
  ).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(workerUrl.href)}); })`;
  return new Worker(boot, { eval: true, workerData, resourceLimits });
}

export class ReadPool {
  /** How a reader opens the database; null: reads run on the app's own (in-memory SQLite). */
  private readonly target: DatabaseOptions | null;
  private readonly threads: number;
  private readonly nice: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly db: Db,
    options: ReadPoolOptions = {},
  ) {
    this.target = sameDatabaseOptions(db);
    this.threads = Math.max(
      1,
      options.threads ??
        Math.min(MAX_READERS, (os.availableParallelism?.() ?? os.cpus().length) - 1),
    );
    this.nice = options.nice ?? 19;
  }

  /** Whether reads leave this thread (all but an in-memory SQLite). */
  get threaded(): boolean {
    return this.target !== null;
  }

  run<K extends ReadTaskName>(name: K, ...args: ReadTaskArgs<K>): Promise<ReadTaskResult<K>> {
    if (!this.target || this.closed) return runReadTask(this.db, name, args);
    return new Promise((resolve, reject) => {
      this.queue.push({
        request: { id: this.nextId++, name, args },
        resolve: resolve as (value: unknown) => void,
        reject,
      });
      this.dispatch();
    });
  }

  /**
   * Starts the reader threads now (buildApp calls it when the app is ready): a reader's own start
   * (its modules, its connection) then happens before the first statistics screen, not beside
   * redirects on the first one, and that screen does not wait for it.
   */
  warm(): void {
    if (!this.target || this.closed) return;
    while (this.slots.length < this.threads) this.spawn();
  }

  /** Stops the readers; reads still queued or running fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('read pool closed'));
    await Promise.all(this.slots.splice(0).map((slot) => slot.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.job === null);
      if (!slot) {
        if (this.slots.length >= this.threads) return;
        slot = this.spawn();
      }
      const job = this.queue.shift() as Job;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage(job.request);
    }
  }

  private spawn(): Slot {
    const worker = startWorker({ target: this.target, nice: this.nice });
    // An idle reader does not keep the process alive; dispatch refs it while it works.
    worker.unref();
    const slot: Slot = { worker, job: null };
    this.slots.push(slot);
    worker.on('message', (reply: ReadReply) => {
      const job = slot.job;
      if (!job || job.request.id !== reply.id) return;
      slot.job = null;
      worker.unref();
      if (reply.ok) job.resolve(reply.value);
      else job.reject(new ReadTaskError(reply.message, reply.code));
      this.dispatch();
    });
    const lost = (error: Error) => {
      const index = this.slots.indexOf(slot);
      if (index >= 0) this.slots.splice(index, 1);
      slot.job?.reject(error);
      slot.job = null;
      if (!this.closed) this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`statistics reader stopped (${code})`)));
    return slot;
  }
}
