/**
 * While the shop takes simulated payments, the server marks every page (web-app.ts); the notice
 * says so on every storefront page, so nobody mistakes the test shop for a real one.
 */
let sandbox =
  typeof document !== 'undefined' &&
  document.querySelector('meta[name="lumina-payments"]')?.getAttribute('content') === 'sandbox';

/** The server's renderer says it (entry-server.tsx): there is no page to read the marker from. */
export function setSandboxMode(on: boolean): void {
  sandbox = on;
}

export const SANDBOX_NOTICE = 'Loja em modo de teste: pagamentos simulados';

export function SandboxNotice({ on = sandbox }: { on?: boolean }) {
  if (!on) return null;
  return (
    <p role="note" className="bg-gold-300 px-2 py-1 text-center text-xs font-semibold text-ink-950">
      {SANDBOX_NOTICE}
    </p>
  );
}
