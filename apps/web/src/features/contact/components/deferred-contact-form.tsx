import { lazy, Suspense, useEffect, useRef, useState } from 'react';

const ContactForm = lazy(() =>
  import('./contact-form.tsx').then((module) => ({ default: module.ContactForm })),
);

const placeholder = <div aria-hidden="true" className="min-h-[27rem]" />;

/**
 * The contact form is the last thing on the home page: its code (validation, sending) loads when
 * the section comes within a screen or so of the viewport (or the #contato link lands on it),
 * not with the page, which keeps the home page's JavaScript under its 130 KiB budget
 * (bench/home-js-size.ts). The placeholder holds the form's height, so nothing jumps.
 */
export function DeferredContactForm() {
  const ref = useRef<HTMLDivElement>(null);
  // Without IntersectionObserver (old browsers, jsdom) the form loads at once; the server's HTML
  // has the placeholder, as the browser's first render does.
  const [near, setNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );

  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);

  return (
    <div ref={ref}>
      {near ? (
        <Suspense fallback={placeholder}>
          <ContactForm />
        </Suspense>
      ) : (
        placeholder
      )}
    </div>
  );
}
