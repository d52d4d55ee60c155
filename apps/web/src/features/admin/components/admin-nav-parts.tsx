import { useAuth } from '../../../lib/auth/use-auth.ts';
import { cn } from '../../../lib/cn.ts';
import { useUnreadContactMessages } from '../api/contact-messages.ts';
import { type AdminSection, sectionsFor } from '../model/admin-sections.ts';

export { sectionHref } from '../model/admin-sections.ts';

/** The sections the signed-in person may open, in the panel's order. */
export function useAdminSections(): AdminSection[] {
  return sectionsFor(useAuth().user);
}

/**
 * The messages section's count of unread contact messages, when there are any: a pill beside
 * the label, or a dot-sized badge on the icon of the phone's bar.
 */
export function UnreadCount({ className }: { className?: string }) {
  const unread = useUnreadContactMessages().data ?? 0;
  if (unread === 0) return null;
  return (
    <>
      <span
        aria-hidden="true"
        data-testid="unread-messages"
        className={cn(
          'inline-flex min-w-5 items-center justify-center rounded-full bg-gold-400 px-1.5 text-xs leading-5 font-bold text-ink-950',
          className,
        )}
      >
        {unread}
      </span>
      <span className="sr-only">{unread === 1 ? ', 1 não lida' : `, ${unread} não lidas`}</span>
    </>
  );
}
