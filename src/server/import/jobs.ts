// Import jobs run in the background of the app instance that started them: the request answers
// at once with the job, the rows are written one by one through the services (each its own unit
// of work, so a refused row stops nothing else), and the job row tells the progress bar how far
// it got. Closing the app stops a job between rows and says so.
export class ImportJobs {
  private readonly running = new Set<Promise<void>>();
  private stopping = false;

  /** Whether jobs should stop at the next row (the app is closing). */
  get isStopping(): boolean {
    return this.stopping;
  }

  start(job: () => Promise<void>): void {
    const run = job().finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Waits for every job (tests wait for an import to finish). */
  async settled(): Promise<void> {
    await Promise.all([...this.running]);
  }

  async close(): Promise<void> {
    this.stopping = true;
    await this.settled();
  }
}
