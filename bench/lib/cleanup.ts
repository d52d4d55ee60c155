// Every process a benchmark starts is registered here, so that it is stopped whatever way the
// benchmark ends: normal return, thrown error, Ctrl+C or SIGTERM from a caller.

type SyncCleanup = () => void;

const exitHooks = new Set<SyncCleanup>();
let installed = false;

function install(): void {
  if (installed) return;
  installed = true;
  // 'exit' handlers must be synchronous: they only send signals and remove folders.
  process.on('exit', () => {
    for (const hook of exitHooks) {
      try {
        hook();
      } catch {
        // Best effort: one failing hook must not keep the others from running.
      }
    }
  });
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`\nReceived ${signal}: stopping the servers.`);
      process.exit(130);
    });
  }
}

/** Runs `hook` when the process exits; the returned function unregisters it. */
export function onExit(hook: SyncCleanup): () => void {
  install();
  exitHooks.add(hook);
  return () => exitHooks.delete(hook);
}
