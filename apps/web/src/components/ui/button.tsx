import type { ButtonHTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

export type ButtonVariant =
  'primary' | 'secondary' | 'outline' | 'outline-light' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'icon';

const base =
  'inline-flex items-center justify-center gap-2 rounded-full font-medium transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold-600 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 select-none';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-ink-900 text-cream-50 hover:bg-ink-700',
  secondary: 'bg-gold-400 text-ink-950 hover:bg-gold-300',
  outline: 'border border-ink-900 text-ink-900 hover:bg-ink-900 hover:text-cream-50',
  /** For dark backgrounds (cookie banner, footer). */
  'outline-light': 'border border-cream-200 text-cream-50 hover:bg-cream-50 hover:text-ink-900',
  ghost: 'text-ink-900 hover:bg-cream-200',
  danger: 'bg-sale text-white hover:bg-red-800',
};

// Heights of 40 px and more keep tap targets comfortable on phones.
const sizes: Record<ButtonSize, string> = {
  sm: 'min-h-10 px-4 text-sm',
  md: 'min-h-11 px-5 text-sm',
  lg: 'min-h-12 px-7 text-base',
  icon: 'size-11 shrink-0',
};

export interface ButtonStyleOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}

/** The button look as a class string, for links that must look like buttons (`<Link className=...>`). */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: ButtonStyleOptions = {}) {
  return cn(base, variants[variant], sizes[size], className);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClasses({ variant, size, className })} {...props} />;
}
