import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField } from './form-field.tsx';

export interface PasswordFieldProps {
  id: string;
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
  /** Ids of texts outside the field that also describe it (the reset page's strength meter). */
  describedBy?: string;
  autoComplete: 'current-password' | 'new-password';
}

/** A password input with a show/hide button (typing a new password blind invites mistakes). */
export function PasswordField({ label, ...props }: PasswordFieldProps) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      label={label}
      type={visible ? 'text' : 'password'}
      addon={
        <button
          type="button"
          onClick={() => setVisible((shown) => !shown)}
          aria-controls={props.id}
          aria-pressed={visible}
          className="absolute top-1/2 right-1.5 min-h-10 -translate-y-1/2 rounded-full px-3 text-sm font-medium text-ink-700 hover:bg-cream-200 hover:text-ink-900"
        >
          {visible ? 'Ocultar' : 'Mostrar'}
          <span className="sr-only"> {label.toLowerCase()}</span>
        </button>
      }
    />
  );
}
