import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './form-field.tsx';

export interface PasswordFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
}

/** A password input with a show/hide button (typing a new password blind invites mistakes). */
export function PasswordField({
  id,
  label,
  registration,
  error,
  autoComplete,
  hint,
}: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <TextField
        id={id}
        label={label}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        registration={registration}
        error={error}
        hint={hint}
        className="[&_input]:pr-24"
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-controls={id}
        aria-pressed={visible}
        className="absolute top-8 right-2 min-h-10 rounded-full px-3 text-sm font-medium text-ink-700 hover:bg-cream-200 hover:text-ink-900"
      >
        {visible ? 'Ocultar' : 'Mostrar'}
        <span className="sr-only"> {label.toLowerCase()}</span>
      </button>
    </div>
  );
}
