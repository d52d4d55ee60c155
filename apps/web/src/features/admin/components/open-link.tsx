import type { ReactNode } from 'react';
import { buttonClasses } from '../../../components/ui/button.tsx';

/**
 * A document of the order (a DANFE, a label's PDF) opened in a new tab, shaped as a button so a
 * thumb finds it; the tab gets no handle back to the panel.
 */
export function OpenLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonClasses({ variant: 'outline' })}
    >
      {children}
    </a>
  );
}
