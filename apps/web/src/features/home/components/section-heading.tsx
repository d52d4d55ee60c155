export interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  align?: 'center' | 'left';
}

/** The h2 of a home section, with a small gold label above it. */
export function SectionHeading({ id, eyebrow, title, align = 'center' }: SectionHeadingProps) {
  return (
    <div className={align === 'center' ? 'text-center' : undefined}>
      <p className="text-xs font-semibold tracking-[0.3em] text-gold-700 uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-2 font-serif text-3xl text-ink-900 sm:text-4xl">
        {title}
      </h2>
    </div>
  );
}
