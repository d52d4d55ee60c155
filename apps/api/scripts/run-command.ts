import { pathToFileURL } from 'node:url';

/**
 * Runs a command's main when the file is the one node was started with (tests import the same
 * file for its functions): a failure prints its pt-BR message, not a stack, and exits with 1.
 */
export async function runCommand(moduleUrl: string, main: () => Promise<void>): Promise<void> {
  if (!process.argv[1] || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  try {
    await main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}
